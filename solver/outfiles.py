"""The one way the engine writes a file a user names (``--annotate``, ``--html``, ``--egn``, ``--out``, ``--plot``).

A user's path may name anything: a FIFO (writing to it blocks until a reader comes), a device (``/dev/sda``),
a symlink (writing through it changes another file), a directory. So an output is only ever a regular file:
:func:`check_target` refuses any other existing thing before any work, naming the path and what it is, and
:func:`write_file` writes the whole text to a temporary file in the same folder and renames it over the target
(``os.replace``), so a reader, or a run interrupted half-way, never sees half a file. A file appended to (the
corpus review's results, which a run resumes) cannot be replaced whole; it is checked by :func:`check_target`
before it is opened.
"""
from __future__ import annotations

import os
import secrets
import stat

from .errors import EuchreError

_KINDS = ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def same_file(a, b) -> bool:
    """``a`` and ``b`` name one file: the same path, or (both existing) the same file by another name."""
    a, b = os.fspath(a), os.fspath(b)
    if os.path.abspath(a) == os.path.abspath(b):
        return True
    try:
        return os.path.exists(a) and os.path.exists(b) and os.path.samefile(a, b)
    except OSError:
        return False


def check_target(path, option: str, inputs=(), error: type = EuchreError) -> str:
    """``path`` as a str when a file may be written there: absent or a regular file (never a symlink, a
    directory, a FIFO, a device or a socket, which are refused, not replaced), not one of ``inputs`` (an
    input is never overwritten), in a folder that exists and can be written.

    Raises:
        EuchreError (or ``error``, a subclass): ``<option> '<path>': why``.
    """
    where = os.fspath(path)
    for src in inputs:
        if same_file(where, src):
            raise error(f"{option} {where!r}: that is the input record; write to another file (the input is never "
                        "changed)")
    try:
        mode = os.lstat(where).st_mode          # lstat: a link is judged as a link, not by what it points to
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise error(f"{option} {where!r}: cannot be used ({exc.strerror or exc})") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a file")
        raise error(f"{option} {where!r}: not a regular file ({kind}); only a regular file is written, give "
                    "the path of one")
    folder = os.path.dirname(os.path.abspath(where))
    if not os.path.isdir(folder):
        raise error(f"{option} {where!r}: no such directory {folder!r}")
    if not os.access(folder, os.W_OK) or (mode is not None and not os.access(where, os.W_OK)):
        raise error(f"{option} {where!r}: cannot be written (permission denied)")
    return where


def write_file(path, data, option: str, inputs=(), error: type = EuchreError) -> str:
    """Write ``data`` (``str``, as UTF-8, or ``bytes``) to ``path``, whole or not at all: checked by
    :func:`check_target`, written to a temporary file in the same folder, then renamed over ``path`` (an
    existing file keeps its permissions). Returns the path as a str.

    Raises:
        EuchreError (or ``error``): as :func:`check_target`, or the file cannot be written (naming it);
            nothing is left behind.
    """
    where = check_target(path, option, inputs, error)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    folder, name = os.path.split(os.path.abspath(where))
    tmp = os.path.join(folder, f".{name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    made = False
    try:
        # O_EXCL | O_NOFOLLOW: a fresh file of our own, never something planted under the temporary name
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
        made = True
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            if os.path.isfile(where):
                os.chmod(fh.fileno(), stat.S_IMODE(os.stat(where).st_mode))
        os.replace(tmp, where)
    except BaseException as exc:        # (an interrupt too: no temporary file is left behind)
        if made:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        if isinstance(exc, OSError):
            raise error(f"{option} {where!r}: cannot write it ({exc.strerror or exc})") from None
        raise
    return where


__all__ = ["check_target", "write_file", "same_file"]
