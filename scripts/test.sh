#!/usr/bin/env bash
# Runs Yomi's whole test suite, installing what the tests need when missing:
# cshogi (PyPI), the independent move generator the cross-check compares with.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c "import cshogi" 2>/dev/null; then
    echo "test.sh: installing cshogi from PyPI for the move-generator cross-check"
    python3 -m pip install --quiet --disable-pip-version-check cshogi
fi

cargo test --release --workspace
