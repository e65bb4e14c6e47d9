# Parley in a container: slim Python 3.11, a non-root user, the database on a volume.
#   docker build -t parley .
#   docker run -d --name parley -e PARLEY_TOKEN=... -v parley-data:/data parley
#   the tables' web pages beside it (same volume, so the same SQLite file and secret):
#   docker run -d --name parley-web -e PARLEY_WEB_URL=https://... -p 8080:8080 \
#       -v parley-data:/data parley python bot.py web
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PARLEY_DB=/data/parley.db

RUN useradd --create-home --uid 10001 parley \
    && mkdir -p /data /app \
    && chown parley:parley /data

WORKDIR /app
COPY pyproject.toml README.md ./
RUN pip install --no-cache-dir .

COPY bot.py console.py plain_text.py settings.py ./
COPY cogs ./cogs
COPY engine ./engine
COPY render ./render
COPY data ./data
COPY web ./web

EXPOSE 8080
USER parley
VOLUME ["/data"]
CMD ["python", "bot.py"]
