# Multi-stage image for vitrine-server and vitrine-worker (scaled deployment).
FROM node:20-bookworm AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM rust:1-bookworm AS rust
WORKDIR /src
COPY . .
RUN cargo build --release --bin vitrine-server --bin vitrine-worker

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=rust /src/target/release/vitrine-server /src/target/release/vitrine-worker /usr/local/bin/
COPY --from=web /src/web/dist /srv/web
ENV VITRINE_WEB_DIR=/srv/web VITRINE_BIND=0.0.0.0:8080 LOG_FORMAT=json
EXPOSE 8080
CMD ["vitrine-server", "serve"]
