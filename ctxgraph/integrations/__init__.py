"""ctxgraph inside the frameworks bots are built with: one thin module per framework.

Each module is an optional extra and imports its framework only when it is itself imported;
importing :mod:`ctxgraph` or this package imports none of them.

=============================================  ==========================================  ========================
module                                         what it gives                               install
=============================================  ==========================================  ========================
:mod:`ctxgraph.integrations.openai`            ``wrap(OpenAI(), budget=...)``               ``ctxgraph[openai]``
:mod:`ctxgraph.integrations.openai_agents`     ``CtxgraphSession``: Agents SDK ``Session``  ``ctxgraph[agents]``
:mod:`ctxgraph.integrations.langchain`         ``CtxgraphMiddleware``: LangChain v1         ``ctxgraph[langchain]``
:mod:`ctxgraph.integrations.llamaindex`        ``CtxgraphMemoryBlock``: LlamaIndex Memory   ``ctxgraph[llamaindex]``
:mod:`ctxgraph.integrations.pydantic_ai`       ``CtxgraphHistory``: Pydantic AI processor   ``ctxgraph[pydantic-ai]``
=============================================  ==========================================  ========================

All of them keep their sessions in one session table over one store
(``store="sqlite:///sessions.db"``, :mod:`ctxgraph.stores`). See docs/integrations.md.
"""

from __future__ import annotations

__all__: list[str] = []
