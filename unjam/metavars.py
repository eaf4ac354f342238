"""Readable metavars in `--help`: `PATH`, `DURATION`, `text|json`, not `<list[Path]>` or `{app}`.

typer (0.29) labels each parameter with its Python annotation and wraps a required
argument's name in braces on the usage line. A user reads those as syntax to type. Here
every parameter of the built click command gets a click-style label instead: flags none,
choices their values, everything else an upper-case word; arguments their upper-case name.
"""

from __future__ import annotations

import contextlib
from pathlib import PurePath
from typing import Any

_LABELS = {int: "INT", float: "NUMBER", str: "TEXT", bool: "BOOL"}
# One label per option name, whichever verb declares it: the same option is spelled (and
# shown) the same everywhere. An option's own `metavar=` still wins.
_BY_NAME = {
    "--rate": "RATE",
    "--duration": "DURATION",
    "--timeout": "DURATION",
    "--slo": "DURATION",
    "--step-duration": "DURATION",
    "--targets": "FILE",
    "--body": "FILE",
    "--html": "FILE",
    "--output": "FILE",
    "--openapi": "URL|FILE",
    "--base-url": "URL",
    "--header": "'KEY: VALUE'",
    "--sweep": "LEVELS",
    "--format": "FORMAT",
    "--loop": "LOOP",
    "--start-rate": "RATE",
    "--max-rate": "RATE",
}


def readable(command: Any, parent: Any = None) -> Any:
    """Relabel the parameters of `command` and its subcommands in place; returns it."""
    ctx = command.context_class(command, parent=parent, **(command.context_settings or {}))
    for sub in getattr(command, "commands", {}).values():
        readable(sub, ctx)
    with contextlib.suppress(Exception):  # the --help flag, built (and cached) on demand
        command.get_help_option(ctx).display_type_rich = lambda ctx: None
    for param in command.params:
        if param.param_type_name == "argument":
            _argument(param)
        elif param.param_type_name == "option" and param.metavar is None:
            named = next((_BY_NAME[o] for o in param.opts if o in _BY_NAME), None)
            if param.type_descriptor.is_choice:  # its values say more than a name
                named = None
            label = None if getattr(param, "is_flag", False) else named or _label(param)
            param.display_type_rich = lambda ctx, label=label: label
    return command


def _label(param: Any) -> str:
    desc = param.type_descriptor
    if desc.is_choice and desc.choices:
        return "|".join(str(getattr(c, "value", c)) for c in desc.choices)
    annotation = desc.annotation
    args = getattr(annotation, "__args__", ())
    if desc.is_list and args:
        annotation = args[0]
    if desc.is_path or (isinstance(annotation, type) and issubclass(annotation, PurePath)):
        return "PATH"
    return _LABELS.get(annotation, "TEXT")


def _argument(param: Any) -> None:
    name = (param.metavar or param.name or "arg").upper()
    many = "..." if param.nargs != 1 else ""
    usage = f"{name}{many}" if param.required else f"[{name}]{many}"
    param.metavar = name
    param.get_usage_pieces = lambda ctx, usage=usage: [usage]
    param.display_type_rich = lambda ctx, label=_label(param) + many: label
