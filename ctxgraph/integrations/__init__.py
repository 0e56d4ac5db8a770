"""ctxgraph inside the frameworks bots are built with: one thin module per framework.

Each module is an optional extra and imports its framework only when it is itself imported;
importing :mod:`ctxgraph` or this package imports none of them.

==================================  =====================================  ============================
module                              what it gives                          install
==================================  =====================================  ============================
:mod:`ctxgraph.integrations.openai`  ``wrap(OpenAI(), budget=...)``          ``ctxgraph[openai]``
==================================  =====================================  ============================

All of them keep their sessions in one session table over one store
(``store="sqlite:///sessions.db"``, :mod:`ctxgraph.stores`). See docs/integrations.md.
"""

from __future__ import annotations

__all__: list[str] = []
