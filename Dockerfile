# syntax=docker/dockerfile:1
# Vitrine's image for the scaled deployment (docker-compose.yml): one image, four programs.
#   vitrine-server  REST API, WebSocket hub, and the built web client at /
#   vitrine-worker  the marketplace clock (status timers, housekeeping)
#   vitrine-stripe-mock, vitrine-paypal-mock  the test-mode providers the nodes share
#                   (until real keys are set)
# Stages: the web client (Node), the Rust binaries (release), a slim runtime.
# scripts/check-deploy.py checks this file against the repository (make test).

# Node 22 (LTS), as web/package.json's engines and the Makefile's own Node.
FROM node:22-bookworm AS web
WORKDIR /src/web
# Dependencies first: the layer stays cached while only sources change.
COPY web/package.json web/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-fund
COPY web/ ./
RUN npm run build

# The toolchain of rust-toolchain.toml (scripts/check-deploy.py keeps the two in step).
FROM rust:1.95.0-bookworm AS rust
WORKDIR /src
# The workspace: every member crate, the migrations the server embeds, the lock file.
COPY Cargo.toml Cargo.lock rustfmt.toml rust-toolchain.toml ./
COPY protocol/ protocol/
COPY server/ server/
COPY worker/ worker/
COPY loadtest/ loadtest/
COPY faults/ faults/
COPY stripe-mock/ stripe-mock/
COPY paypal-mock/ paypal-mock/
COPY migrations/ migrations/
ENV CARGO_TARGET_DIR=/src/target
# --no-default-features: the production server has no in-process test providers (the compose
# deployment's test-mode Stripe and PayPal are the separate stand-in binaries built here too).
# Cache mounts keep the registry and the build folder between builds: a change to one
# source file recompiles that crate, not every dependency. The binaries are copied out of
# the cached folder in the same step (a cache mount is not part of the image).
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --no-default-features --bin vitrine-server --bin vitrine-worker --bin vitrine-stripe-mock --bin vitrine-paypal-mock \
    && mkdir -p /out \
    && cp target/release/vitrine-server target/release/vitrine-worker target/release/vitrine-stripe-mock target/release/vitrine-paypal-mock /out/

FROM debian:bookworm-slim
# curl: the health checks call /readyz. A user without a shell owns nothing but the files folder.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /srv --shell /usr/sbin/nologin vitrine \
    && mkdir -p /srv/data /srv/files && chown vitrine /srv/data /srv/files
COPY --from=rust /out/vitrine-server /out/vitrine-worker /out/vitrine-stripe-mock /out/vitrine-paypal-mock /usr/local/bin/
COPY --from=web /src/web/dist /srv/web
USER vitrine
WORKDIR /srv
ENV VITRINE_WEB_DIR=/srv/web VITRINE_DATA_DIR=/srv/data VITRINE_FILES_DIR=/srv/files \
    VITRINE_BIND=0.0.0.0:8080 LOG_FORMAT=json
EXPOSE 8080
# No HEALTHCHECK here: the worker has no port. docker-compose.yml checks each node's /readyz.
CMD ["vitrine-server", "serve"]
