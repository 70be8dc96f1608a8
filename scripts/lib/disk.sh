# Disk helpers for the test run. Source it after common.sh.
#
# A whole `bash scripts/test.sh` on a fresh machine grows the disk by about 6 GB at its peak
# (measured 2026-11-23: Chromium, web dependencies and tools about 1.3 GB, the Rust test build
# 2.3 GB, the instrumented fuzzing build 1.5 GB). CI machines have had less free than that, so
# the run frees what its later steps no longer need when, and only when, space runs short.

free_mb() { df -B1M --output=avail "$1" | tail -1 | tr -d ' '; }

disk_free() { note "disk: $(df -h --output=avail "$ROOT" | tail -1 | tr -d ' ') free where the build writes"; }

# make_room NEED_MB WHAT FOLDER...: when less than NEED_MB is free where FOLDER lies, removes the
# given folders (build outputs the rest of the run does not use) and says so. Never touches
# anything outside the repository's build folders: the caller names them.
make_room() {
  local need_mb=$1 what=$2 free folder
  shift 2
  free=$(free_mb "$ROOT")
  [ "$free" -lt "$need_mb" ] || return 0
  note "disk: $free MB free, $what needs about $need_mb MB; removing build outputs no later step uses:"
  for folder in "$@"; do
    [ -d "$folder" ] || continue
    note "  $folder ($(du -sh "$folder" | cut -f1))"
    rm -rf "$folder"
  done
  disk_free
  free=$(free_mb "$ROOT")
  [ "$free" -ge "$need_mb" ] || note "disk: still short for $what; it may fail with 'No space left on device'"
}
