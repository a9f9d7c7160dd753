#!/usr/bin/env bash
# A local certificate authority and a server certificate it signs, for TLS on loopback and
# in docker-compose (deploy/nginx): usage `scripts/local-cert.sh DIR`. Writes DIR/ca.pem
# (trust this one: in a browser's or client's roots), DIR/cert.pem (the server's, with the
# CA after it) and DIR/key.pem, valid for localhost and 127.0.0.1 (and the names in
# LOCAL_CERT_NAMES, space-separated). Keeps what DIR already holds: real certificates put
# there are never replaced.
#
# Why a CA and not one self-signed certificate: clients built on webpki (rustls, reqwest)
# refuse a certificate that is its own authority as a server's, and a browser told to trust
# the CA trusts every certificate made here again later.
set -euo pipefail
DIR="${1:?usage: scripts/local-cert.sh DIR}"
mkdir -p "$DIR"
if [ -s "$DIR/cert.pem" ] && [ -s "$DIR/key.pem" ]; then exit 0; fi
command -v openssl >/dev/null || { echo "openssl is missing (apt-get install -y openssl)" >&2; exit 1; }
names="DNS:localhost,IP:127.0.0.1,IP:::1"
for name in ${LOCAL_CERT_NAMES:-}; do names="$names,DNS:$name"; done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 825 \
  -subj "/CN=Vitrine local CA" -keyout "$work/ca.key" -out "$work/ca.pem" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=localhost" \
  -keyout "$work/key.pem" -out "$work/server.csr" 2>/dev/null
printf 'subjectAltName=%s\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' \
  "$names" >"$work/ext.cnf"
openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial \
  -days 825 -extfile "$work/ext.cnf" -out "$work/server.pem" 2>/dev/null
cat "$work/server.pem" "$work/ca.pem" >"$DIR/cert.pem"
cp "$work/ca.pem" "$DIR/ca.pem"
install -m 600 "$work/key.pem" "$DIR/key.pem"
echo "local certificate in $DIR (trust $DIR/ca.pem)"
