"""Language profiles: everything ctxgraph knows about one language, in one module.

``ctxgraph/lang/zh.py`` and ``en.py`` each register one :class:`LanguageProfile`; adding a
language is one more module like them (imported here) plus a rules folder
``rules/core/<code>/``. Outside the profiles no code branches on a language name.

>>> get_profile("zh").word_sep, get_profile("en").word_sep
('', ' ')
>>> detect_lang("预算改成6000"), detect_lang("make it 5 units")
('zh', 'en')
"""

from ._profile import (
    DEFAULT_LANG,
    LanguageProfile,
    available_langs,
    content_words,
    detect_lang,
    get_profile,
    register_profile,
)
from . import zh, en  # noqa: E402,F401  (each registers its profile; zh claims text before the default)

__all__ = ["DEFAULT_LANG", "LanguageProfile", "available_langs", "content_words", "detect_lang", "get_profile",
           "register_profile"]
