"""Fonts for the picture's labels: the default sans-serif, plus a CJK font for Chinese.

matplotlib keeps its list of fonts in a cache built once (``~/.cache/matplotlib``). A CJK
font installed after that (``apt-get install fonts-wqy-microhei``) is not in the list, and
Chinese labels stay boxes. So when a label has a character the default font lacks and the
list holds no CJK font, :class:`LabelFonts` looks at the font files on the system
(``matplotlib.font_manager.findSystemFonts``: fontconfig's ``fc-list`` and the usual font
folders) and adds each file the list lacks with ``FontManager.addfont``, then looks again.
(``load_fontmanager(try_read_cache=False)`` would build a new manager, but matplotlib keeps
drawing with the old one.) When there is still none, characters no font has are drawn as
□ and :class:`~ctxgraph._errors.FontWarning` ``[W002]`` says once how to install a font.

>>> is_cjk("预"), is_cjk("a"), is_cjk("，")
(True, False, True)
>>> drawable("预算 $5", frozenset(map(ord, "$5")))
'□□ $5'
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
import warnings
from collections.abc import Callable, Iterable
from typing import Any

from .._errors import Errors, FontWarning

MISSING_GLYPH = "\u25a1"  # □, what is drawn for a character no font has
#: Known CJK families, best first; any other family whose name looks CJK comes after them.
CJK_NAMES = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN", "WenQuanYi Micro Hei",
             "WenQuanYi Zen Hei", "Microsoft YaHei", "SimHei", "PingFang SC", "Heiti SC", "Hiragino Sans GB",
             "Noto Sans CJK JP", "Noto Sans CJK TC", "Droid Sans Fallback", "AR PL UMing CN", "Arial Unicode MS")
_CJK_HINT = re.compile(r"CJK|Hei|Song|Ming|Kai|WenQuanYi|Han Sans|YaHei|PingFang|Gothic|Fallback|Unicode", re.I)
_CJK_PROBE = (0x4E2D, 0x5143)  # 中, 元: a font with both draws Chinese
_CJK_BLOCKS = ("CJK", "IDEOGRAPHIC", "HIRAGANA", "KATAKANA", "HANGUL", "FULLWIDTH", "BOPOMOFO")


def is_cjk(char: str) -> bool:
    """A Chinese, Japanese or Korean character or punctuation mark (what a CJK font draws)."""
    return unicodedata.name(char, "").startswith(_CJK_BLOCKS)


def drawable(text: str, covered: frozenset[int]) -> str:
    """Characters no font has become □ (matplotlib would warn at every render)."""
    return "".join(c if ord(c) in covered or c in " \t" else MISSING_GLYPH for c in text)


def _caller_level() -> int:
    """The ``stacklevel`` of the first frame outside ctxgraph, so a warning points at the user's code."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame, level = sys._getframe(1), 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package + os.sep):
        frame, level = frame.f_back, level + 1
    return level


class LabelFonts:
    """Which fonts draw the labels, from a matplotlib font manager.

    ``manager`` is a ``matplotlib.font_manager.FontManager`` (default: matplotlib's own,
    ``fontManager``); ``system_fonts`` lists the font files installed on the system
    (default: ``matplotlib.font_manager.findSystemFonts``). Both are parameters so a test
    can give an empty font list or a font installed after the list was built.
    """

    def __init__(self, manager: Any = None, system_fonts: Callable[[], Iterable[str]] | None = None) -> None:
        self._manager = manager
        self._system_fonts = system_fonts
        self._cjk: tuple[str, frozenset[int]] | None = None
        self._base: frozenset[int] | None = None
        self.warned = False

    @property
    def manager(self) -> Any:
        if self._manager is None:
            from matplotlib import font_manager

            self._manager = font_manager.fontManager
        return self._manager

    def prepare(self, texts: list[str]) -> tuple[tuple[str, ...], list[str]]:
        """The families to draw ``texts`` with, and the texts as they can be drawn.

        A CJK family is added when a text has a character the default font lacks; a
        character no font has becomes □. Warns once (``FontWarning`` [W002]) when Chinese
        text is drawn without a CJK font.
        """
        families, covered = ["sans-serif"], self._base_charmap()
        missing = {c for text in texts for c in text if ord(c) not in covered and c not in " \t"}
        if missing:
            cjk = self.cjk_font()
            if cjk is not None:
                families.append(cjk[0])
                covered = covered | cjk[1]
            elif any(is_cjk(c) for c in missing) and not self.warned:
                self.warned = True
                warnings.warn(Errors.W002, FontWarning, stacklevel=_caller_level())
        return tuple(families), [drawable(text, covered) for text in texts]

    def cjk_font(self) -> tuple[str, frozenset[int]] | None:
        """An installed CJK family and the characters it draws, or None.

        Looks in the manager's font list; when none is there, adds the system's font files
        the list lacks (a font installed after matplotlib built its cache) and looks again.
        """
        if self._cjk is None:
            self._cjk = self._find_cjk() or (self._find_cjk() if self._add_new_system_fonts() else None)
        return self._cjk

    def _base_charmap(self) -> frozenset[int]:
        if self._base is None:
            self._base = self._charmap("sans-serif", fallback=True) or frozenset()
        return self._base

    def _charmap(self, family: str, *, fallback: bool = False) -> frozenset[int] | None:
        from matplotlib import font_manager as fm

        try:
            path = self.manager.findfont(fm.FontProperties(family=[family]), fallback_to_default=fallback)
            return frozenset(fm.get_font(path).get_charmap())
        except (ValueError, RuntimeError, OSError):
            return None

    def _find_cjk(self) -> tuple[str, frozenset[int]] | None:
        names = sorted({f.name for f in self.manager.ttflist})
        ranked = [n for n in CJK_NAMES if n in names] + [n for n in names if _CJK_HINT.search(n) and n not in CJK_NAMES]
        for name in ranked:
            charmap = self._charmap(name)
            if charmap is not None and all(c in charmap for c in _CJK_PROBE):
                return name, charmap
        return None

    def _add_new_system_fonts(self) -> int:
        """Adds the system's font files the manager's list lacks; returns how many."""
        if self._system_fonts is None:
            from matplotlib import font_manager

            self._system_fonts = font_manager.findSystemFonts
        known = {os.path.realpath(f.fname) for f in self.manager.ttflist}
        added = 0
        for path in self._system_fonts():
            if os.path.realpath(path) in known:
                continue
            try:
                self.manager.addfont(path)
            except (ValueError, RuntimeError, OSError):  # not a font FreeType can read
                continue
            known.add(os.path.realpath(path))
            added += 1
        return added


#: The lookup :func:`~ctxgraph.views.picture.draw` uses by default: matplotlib's own font list, one warning per process.
DEFAULT = LabelFonts()
