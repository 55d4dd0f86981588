#!/bin/sh
# Miniflare's runtime command when a test limits the isolate's V8 heap (test/helpers/worker.ts): the config
# on stdin gains the flags of WORKERD_V8_FLAGS, then this shell becomes workerd (WORKERD_BINARY), so that
# Miniflare's SIGKILL on dispose reaches workerd itself.
set -e
config=$(mktemp)
node "$(dirname "$0")/workerd-v8-flags.mjs" >"$config"
exec <"$config"
rm "$config"
exec "$WORKERD_BINARY" "$@"
