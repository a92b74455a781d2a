"""``tabula.__version__`` is the installed package's version."""

import importlib.metadata

import tabula


def test_version_is_the_installed_packages():
    assert tabula.__version__ == importlib.metadata.version("tabula")
    assert tabula.__version__.count(".") == 2
