# Cross build for arm64 (aarch64) Linux with Debian's cross toolchain, the
# :arm64 -dev packages and qemu-user to run what it builds (the tests, and
# gtest_discover_tests listing them):
#
#   scripts/setup-deps.sh arm64
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
#
# Multiarch puts the arm64 libraries in /usr/lib/aarch64-linux-gnu beside
# the host's, and the headers in /usr/include: no sysroot, only the library
# architecture, so find_package and find_library look there first.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# pkg-config must read the arm64 .pc files alone, never the host's.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
# The arm64 loader is installed by libc6:arm64 at /lib/ld-linux-aarch64.so.1,
# and its libraries are in the host's ld.so.cache: qemu needs no -L.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
