# The two commands of the README: `make run` runs the bot, `make test` runs the suite.
# Each creates or refreshes .venv from pyproject.toml first.
PY ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: run test console bench lint clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test]'
	touch $(STAMP)

# the tables' web pages run beside the bot when PARLEY_WEB_URL is set (`bot.py web
# --if-configured` says in one line how to turn them on when it is not), and stop with it
run: $(STAMP)
	$(VENV)/bin/python bot.py web --if-configured & web=$$!; \
	trap 'kill $$web 2>/dev/null' EXIT INT TERM; \
	$(VENV)/bin/python bot.py

console: $(STAMP)
	$(VENV)/bin/python bot.py console

# the suite runs on every core (pytest-xdist); JOBS=1 runs it in one process
JOBS ?= auto

test: $(STAMP)
	$(VENV)/bin/python -m ruff check .
	$(VENV)/bin/python -m pytest -n $(JOBS)

bench: $(STAMP)
	for f in bench/*.py; do $(VENV)/bin/python $$f || exit 1; done

clean:
	rm -rf $(VENV)
