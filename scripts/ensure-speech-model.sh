#!/usr/bin/env bash
# Installs the Moonshine tiny English speech recognition model (MIT, Useful Sensors) into
# apps/server/native/models/moonshine-tiny-en/: the quantized ONNX encoder and decoder shipped inside the npm
# package @usefulsensors/moonshine-js (the only registry that ships the model itself). Fetched with `npm pack`
# (npm checks the tarball's integrity), then the two files are checked against their pinned SHA-256.
# Does nothing when both files are there and match.
set -euo pipefail
cd "$(dirname "$0")/.."
package="@usefulsensors/moonshine-js@0.1.21"
dir=apps/server/native/models/moonshine-tiny-en
declare -A sums=(
  [encoder_model.onnx]=c6fc4b7bc5af75c0591fd157a1f3829b533d18e9769a888fd95a62e470dd4f4a
  [decoder_model_merged.onnx]=eed87831c3a6103534aae7d47a5d485025c659a1323901513961c39fe8a1a367
)
check() {
  for f in "${!sums[@]}"; do
    [ -f "$1/$f" ] || return 1
    echo "${sums[$f]}  $1/$f" | sha256sum --quiet -c - >/dev/null 2>&1 || return 1
  done
}
if check "$dir"; then exit 0; fi
echo "==> Fetching the Moonshine tiny English model ($package)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$work" && npm pack --silent "$package" | tail -1)
tar -xzf "$work/$tarball" -C "$work" package/dist/model/tiny/quantized package/LICENSE
mkdir -p "$dir.tmp"
cp "$work"/package/dist/model/tiny/quantized/*.onnx "$dir.tmp/"
cp "$work/package/LICENSE" "$dir.tmp/LICENSE"
if ! check "$dir.tmp"; then
  rm -rf "$dir.tmp"
  echo "ensure-speech-model: the model files of $package do not match their pinned checksums" >&2
  exit 1
fi
rm -rf "$dir"
mv "$dir.tmp" "$dir"
echo "ensure-speech-model: installed $dir"
