# Source this file (`. scripts/use-declared-node.sh`): it puts the Node version in .node-version on
# PATH for this shell. When the machine's own node is another major version, the binary comes from
# the npm registry (the `node` package ships it), installed once under .node-runtime/ (git-ignored).
# Nothing is downloaded from anywhere but the registry npm already uses.
_petstore_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_petstore_wanted="$(tr -d '[:space:]' < "$_petstore_root/.node-version")"
_petstore_major="${_petstore_wanted%%.*}"
if [ "$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/')" != "$_petstore_major" ]; then
  _petstore_runtime="$_petstore_root/.node-runtime"
  if [ "$("$_petstore_runtime/node_modules/.bin/node" --version 2>/dev/null)" != "v$_petstore_wanted" ]; then
    echo "petstore: installing Node $_petstore_wanted from the npm registry into .node-runtime/" >&2
    npm install --prefix "$_petstore_runtime" --no-save --no-package-lock --no-audit --no-fund \
      --loglevel=error "node@$_petstore_wanted" >&2
  fi
  export PATH="$_petstore_runtime/node_modules/.bin:$PATH"
fi
echo "petstore: using Node $(node --version) and npm $(npm --version 2>/dev/null)" >&2
unset _petstore_root _petstore_wanted _petstore_major _petstore_runtime
