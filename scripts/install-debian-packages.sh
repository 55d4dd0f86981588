#!/usr/bin/env bash
# Installs the Debian packages listed in the given files when any is missing and this machine can
# (root with apt-get); otherwise says what to install and leaves the choice to the operator.
set -uo pipefail
missing=()
for list in "$@"; do
  [ -f "$list" ] || continue
  while read -r pkg; do
    [[ -z "$pkg" || "$pkg" == \#* ]] && continue
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done < "$list"
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian packages: ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" && exit 0
  echo "warning: could not install ${missing[*]}" >&2
else
  echo "warning: Debian packages ${missing[*]} are missing; install them (apt-get install ${missing[*]}) and run npm run build:releases" >&2
fi
exit 0
