#!/usr/bin/env bash
# Installs the Debian packages in debian-packages.txt (the one list: release sources and what the tests
# use) when any is missing, with apt-get as root or through passwordless sudo. `npm install` runs it and
# goes on with a warning naming the command when it cannot install; `.ci/run` runs it with --require,
# which fails instead, so CI cannot pass where a new user's install would fail.
set -uo pipefail
cd "$(dirname "$0")/.."
require=0
[ "${1:-}" = "--require" ] && require=1
list=debian-packages.txt

missing_packages() {
  while read -r pkg; do
    [[ -z "$pkg" || "$pkg" == \#* ]] && continue
    dpkg -s "$pkg" >/dev/null 2>&1 || echo "$pkg"
  done < "$list"
}

mapfile -t missing < <(missing_packages)
[ ${#missing[@]} -eq 0 ] && exit 0

as_root=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root=(sudo -n); fi
if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ ${#as_root[@]} -gt 0 ]; }; then
  echo "installing Debian packages: ${missing[*]}"
  # apt may be locked by another install for a while: retry a few times before giving up.
  for attempt in 1 2 3 4 5; do
    "${as_root[@]}" apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" &&
      break
    echo "apt-get failed (attempt $attempt of 5); retrying in 15 s" >&2
    sleep 15
  done
  mapfile -t missing < <(missing_packages)
  [ ${#missing[@]} -eq 0 ] && exit 0
fi

echo "warning: Debian packages missing: ${missing[*]}. Install them with: sudo apt-get install ${missing[*]}" >&2
echo "  (then npm run build:releases; npm test needs them too)" >&2
[ "$require" -eq 1 ] && exit 1
exit 0
