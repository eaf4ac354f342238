from feature.store import FeatureStore


def apply(url: str) -> None:
    FeatureStore(url).registry.get_view("all")


def describe(url: str, name: str) -> str:
    return FeatureStore(url).registry.get_view(name)


def serve(url: str) -> None:
    import uvicorn

    from feature.server import RegistryServer

    uvicorn.run(RegistryServer(FeatureStore(url)).app, port=6572)
