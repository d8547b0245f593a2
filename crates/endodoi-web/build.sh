#!/bin/sh
# Builds the web page into target/web: static files any static host serves.
# Installs what it needs: the wasm32 target, and wasm-bindgen-cli at the
# version Cargo.lock holds (its `cargo install` takes minutes, once).
set -eu
cd "$(dirname "$0")/../.."
rustup target add wasm32-unknown-unknown
version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    cargo install wasm-bindgen-cli --version "$version"
fi
cargo build -p endodoi-web --target wasm32-unknown-unknown --profile web --locked
rm -rf target/web
mkdir -p target/web
wasm-bindgen --target web --no-typescript --out-dir target/web \
    target/wasm32-unknown-unknown/web/endodoi-web.wasm
cp crates/endodoi-web/index.html crates/endodoi-web/start.js target/web/
echo "The page is in target/web: python3 -m http.server -d target/web 8000, then open http://localhost:8000/"
