"""Every ```python block of the pages below runs without error, as written:
the docs' examples cannot drift from the module.

Each page's blocks run in order in one namespace, as a reader typing the
tour into one interpreter would run them (a later block uses the `state` an
earlier one made). A block that would take long is made small on the page,
never shortened here. Shell and REPL blocks are checked by the workspace's
own docs test.
"""

from __future__ import annotations

import re
import traceback
from pathlib import Path

import pytest

from conftest import ROOT

# The pages with Python examples, relative to the repository root.
PAGES = ["docs/python.md", "README.md"]

FENCE = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def python_blocks(page: str) -> list[tuple[int, str]]:
    """The page's ```python blocks, each with the line its code starts on."""
    text = (ROOT / page).read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in FENCE.finditer(text)]


def test_blocks_are_found():
    # The fence pattern finds what a reader sees as blocks: a page's
    # python fences, each closed, and nothing else.
    blocks = python_blocks("docs/python.md")
    fences = (ROOT / "docs/python.md").read_text(encoding="utf-8").count("```python")
    assert len(blocks) == fences >= 5
    assert blocks[0][1].startswith("import random\nimport tabula\n")


@pytest.mark.parametrize("page", PAGES)
def test_every_python_block_runs(page, tmp_path, monkeypatch):
    blocks = python_blocks(page)
    assert blocks, f"{page} has no python block: take it out of PAGES in {Path(__file__).name}"
    monkeypatch.chdir(tmp_path)  # a block that writes files writes them here
    namespace: dict[str, object] = {"__name__": "__main__"}
    for line, code in blocks:
        try:
            exec(compile(code, f"{page}:{line}", "exec"), namespace)
        except Exception:
            pytest.fail(f"the python block at {page}:{line} failed:\n{code}\n{traceback.format_exc()}")
