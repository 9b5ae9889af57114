"""setup.py -- builds the extension of the grundy Python package.

The extension (python/grundy/_*.c) links the grundy library statically,
from one of two places:

  - by default, the library of this checkout, built with CMake into
    build-python/ (a static library only: no program, tests or examples);
  - with GRUNDY_PREFIX=P, the library installed under P (cmake --install
    --prefix P), found through P's grundy.pc (pkg-config --static).

Either way the library's dependencies (GMP, xxHash) are linked from the
system; FLINT is loaded by the library when it first factorises.  Nothing is downloaded: run it with
pip install --no-build-isolation (setuptools and numpy from Debian).
"""
import glob
import os
import re
import shlex
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
BUILD_BASE = "build-python"


def project_version():
    """The version, from the one place it is written."""
    path = os.path.join(ROOT, "include", "grundy", "version.h")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return ".".join(
        re.search(r"#define GRUNDY_VERSION_%s ([0-9]+)" % part, text).group(1)
        for part in ("MAJOR", "MINOR", "PATCH"))


def pkg_config(prefix, *args):
    env = dict(os.environ)
    dirs = glob.glob(os.path.join(prefix, "lib*", "pkgconfig")) + \
        glob.glob(os.path.join(prefix, "lib", "*", "pkgconfig"))
    env["PKG_CONFIG_PATH"] = os.pathsep.join(
        dirs + [env.get("PKG_CONFIG_PATH", "")])
    out = subprocess.run(["pkg-config", *args, "grundy"], env=env,
                         check=True, capture_output=True, text=True).stdout
    return shlex.split(out)


class BuildExt(build_ext):
    """Build or find libgrundy.a first, then the extension against it."""

    def library_from_prefix(self, prefix):
        cflags = pkg_config(prefix, "--cflags")
        libs = pkg_config(prefix, "--static", "--libs")
        libdirs = [a[2:] for a in libs if a.startswith("-L")]
        static = [os.path.join(d, "libgrundy.a") for d in libdirs
                  if os.path.exists(os.path.join(d, "libgrundy.a"))]
        if not static:
            raise RuntimeError(f"no libgrundy.a under {prefix}")
        includes = [a[2:] for a in cflags if a.startswith("-I")]
        others = [a for a in libs
                  if not a.startswith("-L") and a != "-lgrundy"]
        return includes, static[0], others

    def library_from_checkout(self):
        bdir = os.path.join(ROOT, BUILD_BASE, "lib")
        jobs = str(os.cpu_count() or 2)
        subprocess.run([
            "cmake", "-S", ROOT, "-B", bdir, "-DCMAKE_BUILD_TYPE=Release",
            "-DBUILD_SHARED_LIBS=OFF", "-DGRUNDY_BOTH_LIBS=OFF",
            "-DGRUNDY_BUILD_CLI=OFF", "-DGRUNDY_BUILD_TESTS=OFF",
            "-DGRUNDY_BUILD_EXAMPLES=OFF", "-DGRUNDY_BUILD_PYTHON=OFF",
            "-DGRUNDY_INSTALL=OFF"], check=True)
        subprocess.run(["cmake", "--build", bdir, "--target", "grundy_lib",
                        "-j", jobs], check=True)
        deps = []
        for pc in ("gmp", "libxxhash"):
            deps += shlex.split(subprocess.run(
                ["pkg-config", "--libs", pc], check=True,
                capture_output=True, text=True).stdout)
        return ([os.path.join(ROOT, "include")],
                os.path.join(bdir, "libgrundy.a"),
                deps + ["-lm", "-pthread", "-ldl"])

    def build_extensions(self):
        import numpy
        prefix = os.environ.get("GRUNDY_PREFIX")
        if prefix:
            includes, lib, link = self.library_from_prefix(prefix)
        else:
            includes, lib, link = self.library_from_checkout()
        for ext in self.extensions:
            ext.include_dirs += includes + [numpy.get_include()]
            ext.extra_objects.append(lib)
            ext.extra_link_args += link
            ext.extra_compile_args += ["-std=c11",
                                       "-D_POSIX_C_SOURCE=200809L"]
        super().build_extensions()


setup(
    version=project_version(),
    ext_modules=[Extension("grundy._grundy",
                           sources=["python/grundy/_grundy.c",
                                    "python/grundy/_misere.c",
                                    "python/grundy/_tools.c"])],
    cmdclass={"build_ext": BuildExt},
    options={"build": {"build_base": BUILD_BASE}},
)
