# -*- Python -*-
# lit configuration for weft's tests (check-weft).
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "WEFT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".c", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.weft_obj_root, "test")

# Clang must not read a user's or distribution's configuration files.
config.environment["CLANG_NO_DEFAULT_CONFIG"] = "1"
# Programs under test send frequency hints to their trace alone: run as root
# on a machine with cpufreq, they would otherwise raise its CPUs' floors.
config.environment["WEFT_HINTS"] = "0"

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%weft_runtime_include", config.weft_runtime_include))
config.substitutions.append(("%weft_lib", config.weft_lib_dir))
config.substitutions.append(("%weft_runtime_dir", config.weft_runtime_dir))
config.substitutions.append(("%host_cc", config.host_cc))
config.substitutions.append(
    ("%weft_plugin", os.path.join(config.weft_lib_dir, "WeftPlugin.so")))
config.substitutions.append(("%weft_obj_root", config.weft_obj_root))
config.substitutions.append(("%weft_src_root", config.weft_src_root))
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.weft_tools_dir, config.llvm_tools_dir]
tools = ["weft-opt", ToolSubst("weft-translate", unresolved="ignore"),
         ToolSubst("weft-cc", unresolved="ignore")]
llvm_config.add_tool_substitutions(tools, tool_dirs)


def python_tool(script, *args):
    """A substitution that runs one of the test scripts with the tools."""
    return " ".join(["/usr/bin/python3",
                     os.path.join(config.weft_src_root, "test", script)] +
                    list(args))


tool_args = ["--weft-translate",
             os.path.join(config.weft_tools_dir, "weft-translate"),
             "--runtime-include", config.weft_runtime_include,
             "--runtime-dir", config.weft_runtime_dir]
# Execution tests: translate, build sequential and parallel, run, compare.
config.substitutions.append(
    ("%exec-check", python_tool("Execution/exec_check.py", *tool_args,
                                "--cc", config.host_cc, "--weft-cc",
                                os.path.join(config.weft_tools_dir,
                                             "weft-cc"))))
# The differential fuzzing oracle and its generator (docs/testing.md).
config.substitutions.append(
    ("%fuzz-oracle", python_tool("Fuzz/oracle.py", *tool_args)))
config.substitutions.append(("%fuzz-gen", python_tool("Fuzz/gen.py")))
