# Tessera's image: the core, its built-in plugins and the built front end. One image serves every
# role of docker-compose.yml: app node (gunicorn), jobs worker, jobs beat, and the one-off migration.
FROM node:20-bookworm-slim AS frontend
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY webpack.config.js tsconfig.json ./
COPY shell shell
COPY microfrontends microfrontends
RUN npm run build

FROM python:3.11-slim-bookworm
WORKDIR /app
COPY requirements.txt setup.py pyproject.toml ./
COPY platform platform
COPY plugins plugins
RUN pip install --no-cache-dir -r requirements.txt && pip install --no-cache-dir --no-deps -e .
COPY --from=frontend /app/build build
ENV TESSERA_ENV=production TESSERA_STATIC_DIR=/app/build TESSERA_TENANTS_DIR=/srv/tenants TESSERA_UPLOAD_DIR=/srv/uploads
EXPOSE 6543
CMD ["gunicorn", "-c", "python:tessera.gunicorn_conf", "tessera.wsgi:application"]
