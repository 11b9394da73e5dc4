#!/usr/bin/env bash
# Installs the build and run dependencies from Debian 12's packages (root, or sudo when available).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  build-essential cmake ninja-build pkg-config git ca-certificates \
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev libqt6svg6 \
  libqscintilla2-qt6-dev libqcustomplot-dev libqcustomplot2.1-qt6 libgit2-dev nlohmann-json3-dev \
  libmuparser-dev libmd4c-html0-dev libmd4c-dev \
  python3 python3-torch python3-numpy \
  xvfb xauth fonts-dejavu-core fonts-wqy-microhei xz-utils patchelf file \
  openssh-client openssh-server rsync slurmctld slurmd slurm-client slurm-wlm-basic-plugins \
  clang libclang-rt-14-dev clang-format >/dev/null
