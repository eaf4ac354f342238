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
