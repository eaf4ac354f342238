"""Arguments handed on as `**options`, a dict display bound once: a parameter among none of
its keys gets its default, so the recording branch never runs for the plain playback; a key
that is there, or a dict changed after it is built, decides nothing."""

from fastapi import APIRouter

speech = APIRouter(prefix="/speech")


class Player:
    def play(self, language: str = "en", output_file: str | None = None, muted: bool = False):
        if output_file:
            with open(output_file, "wb") as fh:  # expect: UJ001
                fh.write(b"RIFF")
        return language


def play_plain(player: Player, language: str) -> str:
    options = {"language": language, "muted": True}
    return player.play(**options)


def play_recorded(player: Player, language: str, path: str) -> str:
    options = {"language": language, "output_file": path}
    return player.play(**options)


def play_tuned(player: Player, language: str, extra: dict) -> str:
    options = {"language": language}
    options.update(extra)
    return player.play(**options)


@speech.post("/plain")
async def plain(language: str):
    return play_plain(Player(), language)


@speech.post("/recorded")
async def recorded(language: str, path: str):
    return play_recorded(Player(), language, path)


@speech.post("/tuned")
async def tuned(language: str):
    return play_tuned(Player(), language, {})



# options written in the call: a dict display, or a choice of two (FastAPI form fields handed
# on only when the client sent them); a parameter no side names keeps its default
class Dubber:
    def dub(self, language: str = "en", dry_run: bool = False, voice: str | None = None):
        if dry_run:
            with open("/var/dub/estimate.json", "rb") as fh:  # ok
                return fh.read()
        if voice:
            with open(f"/var/dub/{voice}.bin", "rb") as fh:  # expect: UJ001
                return fh.read()
        return language


@speech.post("/dub")
async def dub(language: str, voice: str = ""):
    return Dubber().dub(**{"language": language}, **({"voice": voice} if voice else {}))


@speech.post("/dub/default")
async def dub_default(language: str = ""):
    return Dubber().dub(**({"language": language} if language else {"language": "en"}))


class Estimator:
    def estimate(self, language: str = "en", dry_run: bool = False):
        if dry_run:
            with open("/var/dub/estimate.json", "rb") as fh:  # expect: UJ001
                return fh.read()
        return language


@speech.post("/dub/preview")
async def dub_preview(language: str, preview: bool = False):
    # (a key only one side holds may be passed: the estimate may be read)
    return Estimator().estimate(**({"dry_run": preview} if preview else {}), language=language)
