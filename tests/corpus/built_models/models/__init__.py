"""Models shared by the services: each service's Dockerfile copies this package into its
own `app/` (`COPY ./models ./app/models`), where its code imports it as `app.models`."""


class Driver:
    def __init__(self, name: str) -> None:
        self.name = name
