#!/usr/bin/env python3
"""Checks the scaled deployment files against the repository, with the tools this machine
has (no Docker engine here): docker-compose.yml, Dockerfile, deploy/nginx/ and
scripts/cluster.sh must name only services, ports, variables, commands and files that
exist. `make test-deploy` (part of `make test`) runs it; it prints every problem it finds
and exits 1 if there is one.

- Every variable the compose file or the cluster script gives a node is a setting of
  server/src/config.rs and a row of the README's configuration table.
- The topology: PostgreSQL, Redis, migrations, two nodes, one worker, nginx, the mail
  catcher, one test-mode Stripe and one test-mode PayPal the nodes share (browsers reach them
  through the proxy's /sandbox/); health checks
  and restart policies; depends_on, volumes and hostnames that exist.
- Ports agree: VITRINE_BIND, the health checks, the upstreams, EXPOSE, the published port.
- The Dockerfile copies every workspace member and builds the binaries the services run, the
  server without its `stand-ins` feature (no in-process test provider in a production image).
- nginx accepts the template as compose renders it (`nginx -t`, hostnames substituted), keeps
  `/metrics` off the public route, and scripts/cluster.sh renders that same template.
- Files: the nodes and the worker keep them in the minio service's bucket (one store every
  node serves from, no shared volume), the one-shot `buckets` job creates that bucket with
  the same keys before any node starts.
- No publish API key is written in the repository: compose requires VITRINE_API_KEY from the
  environment (a deployed node refuses a missing or guessable one).
"""

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse

import yaml

ROOT = Path(__file__).resolve().parent.parent
problems = []


def problem(message):
    problems.append(message)


def settings_of_config():
    """The environment variables server/src/config.rs (and its config/ modules) reads."""
    files = [ROOT / "server/src/config.rs", *sorted((ROOT / "server/src/config").glob("*.rs"))]
    text = "\n".join(f.read_text() for f in files if f.exists())
    return set(re.findall(r'env\s*=\s*"([A-Z0-9_]+)"', text))


def readme_table():
    text = (ROOT / "README.md").read_text()
    return set(re.findall(r"^\|\s*`([A-Z0-9_]+)`\s*\|", text, re.M))


def port_of(address):
    return int(str(address).rsplit(":", 1)[1])


def check_compose(settings, documented):
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose.get("services", {})
    wanted = {
        "postgres", "redis", "migrate", "node-a", "node-b", "worker", "proxy", "mailpit", "stripe", "paypal",
        "minio", "buckets",
    }
    for name in sorted(wanted - services.keys()):
        problem(f"compose: no service {name}")
    for name in sorted(services.keys() - wanted):
        problem(f"compose: unexpected service {name} (add it to the checks)")

    declared_volumes = set((compose.get("volumes") or {}).keys())
    for name, service in services.items():
        restart = service.get("restart")
        if name in ("migrate", "buckets"):
            if restart not in ("no", "on-failure", None):
                problem(f"compose {name}: a one-shot job must not restart always ({restart})")
        elif restart not in ("always", "unless-stopped", "on-failure"):
            problem(f"compose {name}: no restart policy")
        if name not in ("migrate", "buckets", "worker") and "healthcheck" not in service:
            problem(f"compose {name}: no health check")
        for dep, cond in (service.get("depends_on") or {}).items():
            if dep not in services:
                problem(f"compose {name}: depends on unknown service {dep}")
            if cond.get("condition") == "service_healthy" and "healthcheck" not in services.get(dep, {}):
                problem(f"compose {name}: waits for {dep} to be healthy, but {dep} has no health check")
        for volume in service.get("volumes") or []:
            source = str(volume).split(":", 1)[0]
            if source.startswith("."):
                if not (ROOT / source).exists():
                    problem(f"compose {name}: mounts {source}, which does not exist")
            elif source not in declared_volumes:
                problem(f"compose {name}: volume {source} is not declared")

    # The services that run the image: their variables are settings, and documented. The
    # test-mode providers run from the same image but are not the server: checked apart.
    image = {n: s for n, s in services.items() if s.get("image") == "vitrine:latest"}
    vitrine = {n: s for n, s in image.items() if (s.get("command") or ["vitrine-server"])[0] in ("vitrine-server", "vitrine-worker")}
    check_stripe(services, image, vitrine)
    check_paypal(services, image, vitrine)
    check_objects(services, vitrine)
    for name in ("migrate", "node-a", "node-b", "worker"):
        if name not in vitrine:
            problem(f"compose {name}: does not run the vitrine image")
        elif "build" not in vitrine[name]:
            problem(f"compose {name}: no build (compose would try to pull vitrine:latest)")
    for name, service in vitrine.items():
        env = service.get("environment") or {}
        for key in env:
            if key not in settings:
                problem(f"compose {name}: {key} is not a setting of server/src/config.rs")
            elif key not in documented:
                problem(f"compose {name}: {key} is not in the README's configuration table")
        command = service.get("command") or ["vitrine-server", "serve"]
        if command[0] not in ("vitrine-server", "vitrine-worker"):
            problem(f"compose {name}: runs {command[0]}, which is not the server or the worker")
        if command[0] == "vitrine-server" and command[1:2] and command[1] not in ("serve", "migrate", "seed", "admin"):
            problem(f"compose {name}: vitrine-server has no sub-command {command[1]}")

    # The worker's metrics page: reachable on the project network, and its health check reads it.
    worker = vitrine.get("worker", {})
    metrics_bind = str((worker.get("environment") or {}).get("VITRINE_WORKER_METRICS_BIND", ""))
    if not metrics_bind.startswith("0.0.0.0:"):
        problem("compose worker: VITRINE_WORKER_METRICS_BIND must bind 0.0.0.0 (its /metrics is scraped over the network)")
    else:
        test = " ".join(worker.get("healthcheck", {}).get("test", []))
        if f"127.0.0.1:{port_of(metrics_bind)}/healthz" not in test:
            problem(f"compose worker: the health check does not call /healthz on the metrics port {port_of(metrics_bind)}")
    if worker.get("ports"):
        problem("compose worker: publishes a port; its metrics are for the project network only")

    # Hostnames and credentials agree with the services they name.
    pg_env = services.get("postgres", {}).get("environment", {})
    for name, service in vitrine.items():
        env = service.get("environment") or {}
        if "DATABASE_URL" in env:
            url = urlparse(env["DATABASE_URL"])
            if url.hostname not in services:
                problem(f"compose {name}: DATABASE_URL names host {url.hostname}, not a service")
            if (url.username, url.password, url.path.lstrip("/")) != (
                pg_env.get("POSTGRES_USER"),
                pg_env.get("POSTGRES_PASSWORD"),
                pg_env.get("POSTGRES_DB"),
            ):
                problem(f"compose {name}: DATABASE_URL does not match the postgres service's user, password, database")
            if url.port != 5432:
                problem(f"compose {name}: DATABASE_URL port {url.port} is not PostgreSQL's 5432")
        if "VITRINE_SMTP_URL" in env:
            # `${VITRINE_SMTP_URL:-smtp://mailpit:1025}`: the default must be the catcher's SMTP port.
            default = re.sub(r"^\$\{VITRINE_SMTP_URL:-(.*)\}$", r"\1", str(env["VITRINE_SMTP_URL"]))
            url = urlparse(default)
            if url.hostname not in services or url.port != 1025:
                problem(f"compose {name}: VITRINE_SMTP_URL {default} is not the mailpit service's SMTP port 1025")
        elif name in ("node-a", "node-b"):
            problem(f"compose {name}: no VITRINE_SMTP_URL (reset and sign-in links would never leave the outbox)")
        if "REDIS_URL" in env:
            url = urlparse(env["REDIS_URL"])
            if url.hostname not in services or url.port != 6379:
                problem(f"compose {name}: REDIS_URL {env['REDIS_URL']} is not the redis service on 6379")
        if name != "migrate" and env.get("VITRINE_WORKER") != "off":
            problem(f"compose {name}: VITRINE_WORKER must be off (the worker service runs the timers)")
        # A key written here is no secret: the nodes (PostgreSQL, Redis: deployed) must get
        # theirs from the operator's environment, and compose must refuse to start without it.
        if name in ("node-a", "node-b") and "VITRINE_API_KEY" not in env:
            problem(f"compose {name}: no VITRINE_API_KEY (a deployed node refuses to serve without one)")
        key = env.get("VITRINE_API_KEY")
        if key is not None and not re.fullmatch(r"\$\{VITRINE_API_KEY:\?[^}]+\}", str(key)):
            problem(
                f"compose {name}: VITRINE_API_KEY must be required from the environment "
                "(${VITRINE_API_KEY:?message}), not a default or a literal in the repository"
            )

    # Ports: what the nodes bind, what is checked, what nginx proxies to.
    proxy = services.get("proxy", {})
    proxy_env = proxy.get("environment") or {}
    for name in ("node-a", "node-b"):
        service = vitrine.get(name, {})
        bind = (service.get("environment") or {}).get("VITRINE_BIND", "127.0.0.1:8080")
        port = port_of(bind)
        if not str(bind).startswith("0.0.0.0:"):
            problem(f"compose {name}: VITRINE_BIND {bind} is not reachable from the proxy (bind 0.0.0.0)")
        test = " ".join(service.get("healthcheck", {}).get("test", []))
        if f"127.0.0.1:{port}/readyz" not in test:
            problem(f"compose {name}: the health check does not call /readyz on the bound port {port}")
        upstream = proxy_env.get("NODE_A" if name == "node-a" else "NODE_B", "")
        if upstream != f"{name}:{port}":
            problem(f"compose proxy: upstream for {name} is {upstream!r}, expected {name}:{port}")
        if service.get("ports"):
            problem(f"compose {name}: publishes a port; traffic must go through the proxy")
    listen = str(proxy_env.get("LISTEN", ""))
    published = [str(p) for p in proxy.get("ports") or []]
    if not any(p.endswith(f":{listen}") for p in published):
        problem(f"compose proxy: listens on {listen} but publishes {published}")
    tls_listen = str(proxy_env.get("TLS_LISTEN", ""))
    if not tls_listen or not any(p.endswith(f":{tls_listen}") for p in published):
        problem(f"compose proxy: TLS listens on {tls_listen!r} but publishes {published}")
    for mount in proxy.get("volumes") or []:
        if "deploy/nginx/vitrine.conf.template" in mount and "/etc/nginx/templates/" not in mount:
            problem("compose proxy: the template must be mounted under /etc/nginx/templates/")
    # The certificate: deploy/tls (scripts/local-cert.sh makes a local one) mounted where
    # TLS_CERT and TLS_KEY point.
    tls_mount = next((m for m in proxy.get("volumes") or [] if m.startswith("./deploy/tls:")), None)
    if tls_mount is None:
        problem("compose proxy: ./deploy/tls (the certificate) is not mounted")
    else:
        inside = tls_mount.split(":")[1].rstrip("/")
        for key in ("TLS_CERT", "TLS_KEY"):
            if not str(proxy_env.get(key, "")).startswith(inside + "/"):
                problem(f"compose proxy: {key} is not under the mounted {inside}")


def check_objects(services, vitrine):
    """Uploaded files: every node and the worker on the minio service's bucket, which the
    `buckets` job creates (with the same keys) before they start; no files volume shared."""
    minio = services.get("minio", {})
    minio_env = minio.get("environment") or {}
    buckets = services.get("buckets", {})
    buckets_env = buckets.get("environment") or {}
    script = " ".join(str(part) for part in (buckets.get("command") or []))
    if "mc mb --ignore-existing" not in script or "$$VITRINE_S3_BUCKET" not in script:
        problem("compose buckets: does not create $VITRINE_S3_BUCKET with `mc mb --ignore-existing`")
    if (buckets.get("depends_on") or {}).get("minio", {}).get("condition") != "service_healthy":
        problem("compose buckets: does not wait for minio to be healthy")
    for name in ("node-a", "node-b", "worker"):
        service = vitrine.get(name, {})
        env = service.get("environment") or {}
        bucket = compose_default(env.get("VITRINE_S3_BUCKET", ""), "VITRINE_S3_BUCKET")
        if not bucket:
            problem(f"compose {name}: no VITRINE_S3_BUCKET (files would stay on the container's own disk)")
            continue
        if bucket != compose_default(buckets_env.get("VITRINE_S3_BUCKET", ""), "VITRINE_S3_BUCKET"):
            problem(f"compose {name}: bucket {bucket!r} is not the one the buckets job creates")
        endpoint = urlparse(compose_default(env.get("VITRINE_S3_ENDPOINT", ""), "VITRINE_S3_ENDPOINT"))
        if endpoint.hostname != "minio" or endpoint.port != 9000:
            problem(f"compose {name}: VITRINE_S3_ENDPOINT is not the minio service's port 9000")
        for key, root in (("AWS_ACCESS_KEY_ID", "MINIO_ROOT_USER"), ("AWS_SECRET_ACCESS_KEY", "MINIO_ROOT_PASSWORD")):
            mine = env.get(key)
            if mine is None or mine != buckets_env.get(key) or mine != minio_env.get(root):
                problem(f"compose {name}: {key} is not minio's {root} and the buckets job's {key}")
        if (service.get("depends_on") or {}).get("buckets", {}).get("condition") != "service_completed_successfully":
            problem(f"compose {name}: does not wait for the buckets job")
        if any(str(v).split(":", 1)[0] == "files" for v in service.get("volumes") or []):
            problem(f"compose {name}: still mounts the shared files volume (files live in the bucket)")


def mock_settings(crate):
    """The variables a test-mode provider's binary reads (`std::env::var("...")` in its main.rs)."""
    return set(re.findall(r'env::var\("([A-Z0-9_]+)"\)', (ROOT / crate / "src/main.rs").read_text()))


def compose_default(value, name):
    """`${NAME:-default}` -> default; a literal stays itself."""
    match = re.fullmatch(r"\$\{" + re.escape(name) + r":-(.*)\}", str(value))
    return match.group(1) if match else str(value)


def provider_service(services, image, name, crate, bind_key):
    """A test-mode provider's service: the image's binary, its own variables, bound where the
    nodes and the proxy reach it, health-checked, no published port. Answers its bound port."""
    service = image.get(name)
    if service is None:
        problem(f"compose {name}: does not run the vitrine image (vitrine-{crate})")
        return None
    if "build" not in service:
        problem(f"compose {name}: no build (compose would try to pull vitrine:latest)")
    if (service.get("command") or [""])[0] != f"vitrine-{crate}":
        problem(f"compose {name}: does not run vitrine-{crate}")
    env = service.get("environment") or {}
    known = mock_settings(crate)
    for key in env:
        if key not in known:
            problem(f"compose {name}: {key} is not read by {crate}/src/main.rs")
    bind = str(env.get(bind_key, ""))
    if not bind.startswith("0.0.0.0:"):
        problem(f"compose {name}: {bind_key} {bind!r} is not reachable from the nodes (bind 0.0.0.0)")
        return None
    if f"127.0.0.1:{port_of(bind)}/" not in " ".join(service.get("healthcheck", {}).get("test", [])):
        problem(f"compose {name}: the health check does not call the bound port")
    if service.get("ports"):
        problem(f"compose {name}: publishes a port; browsers reach it through the proxy (/sandbox/{name}/)")
    upstream = (services.get("proxy", {}).get("environment") or {}).get(name.upper(), "")
    if upstream != f"{name}:{port_of(bind)}":
        problem(f"compose proxy: {name.upper()} is {upstream!r}, expected {name}:{port_of(bind)}")
    return port_of(bind)


def check_stripe(services, image, vitrine):
    """One test-mode Stripe for every node: the nodes' API base is that service, its events go
    through the proxy, both sides sign with the same secret, and the browser loads its
    Stripe.js through the proxy."""
    port = provider_service(services, image, "stripe", "stripe-mock", "STRIPE_MOCK_BIND")
    if port is None:
        return
    env = image["stripe"].get("environment") or {}
    hook = urlparse(str(env.get("STRIPE_MOCK_WEBHOOK_URL", "")))
    listen = str((services.get("proxy", {}).get("environment") or {}).get("LISTEN", ""))
    if (hook.hostname, str(hook.port or 80), hook.path) != ("proxy", listen, "/webhooks/stripe"):
        problem("compose stripe: STRIPE_MOCK_WEBHOOK_URL must be the proxy's /webhooks/stripe (any node may settle)")
    for name in ("node-a", "node-b"):
        node_env = (vitrine.get(name, {}).get("environment") or {})
        base = urlparse(compose_default(node_env.get("STRIPE_API_BASE", ""), "STRIPE_API_BASE"))
        if (base.hostname, base.port) != ("stripe", port):
            problem(f"compose {name}: STRIPE_API_BASE does not default to the stripe service on {port}")
        js = compose_default(node_env.get("STRIPE_JS_URL", ""), "STRIPE_JS_URL")
        if not js.endswith("/sandbox/stripe/v3/"):
            problem(f"compose {name}: STRIPE_JS_URL does not default to the proxy's /sandbox/stripe/v3/")
        if node_env.get("STRIPE_WEBHOOK_SECRET") != env.get("STRIPE_MOCK_WEBHOOK_SECRET"):
            problem(f"compose {name}: STRIPE_WEBHOOK_SECRET is not the stripe service's signing secret")
        if not node_env.get("STRIPE_SECRET_KEY"):
            problem(f"compose {name}: no STRIPE_SECRET_KEY (each node would start a Stripe of its own)")


def check_paypal(services, image, vitrine):
    """One test-mode PayPal for every node: the nodes' API base is that service, and the
    approval pages it links are the proxy's /sandbox/paypal/."""
    port = provider_service(services, image, "paypal", "paypal-mock", "PAYPAL_MOCK_BIND")
    if port is None:
        return
    env = image["paypal"].get("environment") or {}
    if not str(env.get("PAYPAL_MOCK_PUBLIC_URL", "")).endswith("/sandbox/paypal"):
        problem("compose paypal: PAYPAL_MOCK_PUBLIC_URL is not the proxy's /sandbox/paypal")
    for name in ("node-a", "node-b"):
        node_env = (vitrine.get(name, {}).get("environment") or {})
        base = urlparse(compose_default(node_env.get("PAYPAL_API_BASE", ""), "PAYPAL_API_BASE"))
        if (base.hostname, base.port) != ("paypal", port):
            problem(f"compose {name}: PAYPAL_API_BASE does not default to the paypal service on {port}")
        if not (node_env.get("PAYPAL_CLIENT_ID") and node_env.get("PAYPAL_CLIENT_SECRET")):
            problem(f"compose {name}: no PayPal keys (each node would start a PayPal of its own)")


def check_dockerfile(settings):
    text = (ROOT / "Dockerfile").read_text()
    stages = re.findall(r"^FROM\s+\S+(?:\s+AS\s+(\S+))?", text, re.M | re.I)
    if len(stages) < 3:
        problem("Dockerfile: expected a multi-stage build (web, rust, runtime)")
    named = {s for s in stages if s}
    for stage in re.findall(r"--from=(\S+)", text):
        if stage not in named:
            problem(f"Dockerfile: copies from unknown stage {stage}")
    # Every COPY source from the context exists.
    for line in re.findall(r"^COPY\s+(?!--from)(.+)$", text, re.M):
        for source in line.split()[:-1]:
            if not (ROOT / source).exists():
                problem(f"Dockerfile: COPY {source}: no such file in the repository")
    # Every workspace member is in the context of the Rust stage.
    members = re.search(r"members\s*=\s*\[(.*?)\]", (ROOT / "Cargo.toml").read_text(), re.S).group(1)
    for member in re.findall(r'"([^"]+)"', members):
        if not re.search(rf"^COPY\s+{re.escape(member)}/?\s", text, re.M):
            problem(f"Dockerfile: workspace member {member}/ is not copied (cargo would not find it)")
    if not re.search(r"^COPY\s+migrations/?\s", text, re.M):
        problem("Dockerfile: migrations/ is not copied (the server embeds them)")
    built = set(re.findall(r"--bin\s+(\S+)", text))
    # The production server links no in-process test provider (the `stand-ins` feature).
    if not re.search(r"cargo build[^\n]*--no-default-features[^\n]*--bin\s+vitrine-server", text):
        problem("Dockerfile: vitrine-server is built with its default features, so the image would link the "
                "in-process test providers (build it with --no-default-features)")
    for binary in ("vitrine-server", "vitrine-worker", "vitrine-stripe-mock", "vitrine-paypal-mock"):
        if binary not in built:
            problem(f"Dockerfile: {binary} is not built")
        # Built in a cache mount, so copied out to /out in the building step, then into the image.
        if not re.search(rf"cp [^\n]*target/release/{binary}[^\n]*/out/", text):
            problem(f"Dockerfile: {binary} is not copied out of the cached build folder to /out")
        if not re.search(rf"COPY --from=\S+ .*/out/{binary}", text):
            problem(f"Dockerfile: {binary} is not copied into the runtime image")
    # One toolchain: the rust image's version is rust-toolchain.toml's, Node the engines' major.
    channel = re.search(r'channel\s*=\s*"([^"]+)"', (ROOT / "rust-toolchain.toml").read_text()).group(1)
    if not re.search(rf"^FROM rust:{re.escape(channel)}-", text, re.M):
        problem(f"Dockerfile: the rust stage is not rust:{channel} (rust-toolchain.toml)")
    engines = json.loads((ROOT / "web/package.json").read_text()).get("engines", {}).get("node", "")
    major = re.search(r"(\d+)", engines)
    if not major or not re.search(rf"^FROM node:{major.group(1)}-", text, re.M):
        problem(f"Dockerfile: the web stage's Node is not web/package.json's engines ({engines})")
    package = json.loads((ROOT / "web/package.json").read_text())
    for script in re.findall(r"npm run (\S+)", text):
        if script not in package.get("scripts", {}):
            problem(f"Dockerfile: web/package.json has no script {script}")
    env = dict(re.findall(r"([A-Z_]+)=(\S+)", " ".join(re.findall(r"^ENV\s+(.+?)(?<!\\)$", text, re.M | re.S))))
    for key in env:
        if key != "CARGO_TARGET_DIR" and key not in settings:
            problem(f"Dockerfile: ENV {key} is not a setting of server/src/config.rs")
    exposed = re.findall(r"^EXPOSE\s+(\d+)", text, re.M)
    if "VITRINE_BIND" in env and exposed and port_of(env["VITRINE_BIND"]) != int(exposed[0]):
        problem(f"Dockerfile: EXPOSE {exposed[0]} is not the port of VITRINE_BIND {env['VITRINE_BIND']}")
    web_dir = env.get("VITRINE_WEB_DIR")
    if web_dir and not re.search(rf"COPY --from=web \S+ {re.escape(web_dir)}\b", text):
        problem(f"Dockerfile: VITRINE_WEB_DIR {web_dir} is not where the web client is copied")
    ignore = (ROOT / ".dockerignore").read_text() if (ROOT / ".dockerignore").exists() else ""
    for heavy in ("target", "node_modules", ".git"):
        if heavy not in ignore:
            problem(f".dockerignore: {heavy} would be sent to the build context")


def check_cluster_script(settings):
    text = (ROOT / "scripts/cluster.sh").read_text()
    block = re.search(r"NODE_ENV=\((.*?)\)", text, re.S)
    if not block:
        problem("cluster.sh: no NODE_ENV block")
        return
    for key in re.findall(r"([A-Z_]+)=", block.group(1)):
        if key not in settings and key != "RUST_LOG":
            problem(f"cluster.sh: {key} is not a setting of server/src/config.rs")


def check_nginx():
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        problem("nginx is not installed: cannot check the template (scripts/cluster.sh ensure-nginx)")
        return
    template = (ROOT / "deploy/nginx/vitrine.conf.template").read_text()
    variables = set(re.findall(r"\$\{([A-Z_]+)\}", template))
    expected = {"NODE_A", "NODE_B", "STRIPE", "PAYPAL", "LISTEN", "TLS_LISTEN", "TLS_CERT", "TLS_KEY"}
    if variables != expected:
        problem(f"nginx template: substitutes {sorted(variables)}, expected {sorted(expected)}")
    tmp_tls = tempfile.TemporaryDirectory()
    subprocess.run([str(ROOT / "scripts/local-cert.sh"), tmp_tls.name], check=True, capture_output=True)
    # As compose renders it, with the service hostnames (which do not resolve here) on loopback.
    rendered = (
        template.replace("${NODE_A}", "127.0.0.1:8080")
        .replace("${NODE_B}", "127.0.0.1:8081")
        .replace("${STRIPE}", "127.0.0.1:12111")
        .replace("${PAYPAL}", "127.0.0.1:8070")
        .replace("${LISTEN}", "80")
        .replace("${TLS_LISTEN}", "443")
        .replace("${TLS_CERT}", f"{tmp_tls.name}/cert.pem")
        .replace("${TLS_KEY}", f"{tmp_tls.name}/key.pem")
    )
    for needed in (
        "listen 443 ssl",
        "add_header Strict-Transport-Security $vitrine_hsts always",
        "gzip on",
        "proxy_set_header Upgrade $http_upgrade",
        "proxy_set_header X-Forwarded-For $remote_addr",
        "max_fails=",
        "fail_timeout=",
        "location /ws",
        "location /sandbox/stripe/",
        "location /sandbox/paypal/",
    ):
        if needed not in rendered:
            problem(f"nginx template: no `{needed}`")
    # nginx inherits proxy_set_header only into a location that sets none: one that sets its
    # own must repeat the client's address, or the nodes' abuse limits see the proxy (or an
    # X-Forwarded-For the client wrote) instead.
    for name, body in re.findall(r"location\s+([^{]+?)\s*\{([^}]*)\}", rendered):
        if "proxy_pass" in body and "proxy_set_header" in body:
            for header in ("X-Forwarded-For $remote_addr", "X-Real-IP $remote_addr"):
                if f"proxy_set_header {header}" not in body:
                    problem(f"nginx template: location {name} sets its own headers but not `{header}`")
    # The nodes' metrics are for the monitoring inside the deployment, never the public route.
    blocked = re.search(r"location\s*=\s*/metrics\s*\{\s*(return\s+40[34]|deny\s+all)\s*;\s*\}", rendered)
    if not blocked:
        problem("nginx template: /metrics is proxied to the public (add `location = /metrics { return 404; }`)")
    cluster = (ROOT / "scripts/cluster.sh").read_text()
    if "deploy/nginx/vitrine.conf.template" not in cluster:
        problem("cluster.sh: does not render deploy/nginx/vitrine.conf.template (its nginx would not keep /metrics private)")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "vitrine.conf").write_text(rendered)
        (Path(tmp) / "nginx.conf").write_text(
            f"pid {tmp}/nginx.pid;\nerror_log {tmp}/error.log;\nevents {{}}\n"
            f"http {{\n access_log off;\n client_body_temp_path {tmp}/body;\n proxy_temp_path {tmp}/proxy;\n"
            f" fastcgi_temp_path {tmp}/fcgi;\n uwsgi_temp_path {tmp}/uwsgi;\n scgi_temp_path {tmp}/scgi;\n"
            f" include {tmp}/vitrine.conf;\n}}\n"
        )
        result = subprocess.run(
            [nginx, "-t", "-q", "-p", tmp, "-c", f"{tmp}/nginx.conf"], capture_output=True, text=True
        )
        if result.returncode != 0:
            problem(f"nginx -t rejects the template: {result.stderr.strip()}")
    tmp_tls.cleanup()


def main():
    settings = settings_of_config()
    documented = readme_table()
    check_compose(settings, documented)
    check_dockerfile(settings)
    check_cluster_script(settings)
    check_nginx()
    if problems:
        for p in problems:
            print(f"check-deploy: {p}")
        print(f"check-deploy: {len(problems)} problem(s)")
        sys.exit(1)
    print("check-deploy: docker-compose.yml, Dockerfile, deploy/nginx and scripts/cluster.sh agree with the repository")


if __name__ == "__main__":
    main()
