# Rust programs of the project (the gimli evaluate candidate, the gimli bench
# peer) are built offline with Debian's cargo and rustc against the crates
# Debian installs under /usr/share/cargo/registry, as Debian's own packaging
# builds: no network. Without them the program is not built and what needs
# it says so.
find_program(HD_CARGO cargo PATHS /usr/bin NO_DEFAULT_PATH)
find_program(HD_RUSTC rustc PATHS /usr/bin NO_DEFAULT_PATH)

# hd_cargo_program(TARGET SUBDIR DIR BINARY OUT CRATE...): a custom target
# that builds the crate in DIR (which holds .cargo/config.toml pointing cargo
# at Debian's registry) into SUBDIR of the current build directory, the
# binary at SUBDIR/release/BINARY; OUT names its path, or is empty when
# cargo, rustc or a crate (a glob under the registry, such as gimli-0.27.*)
# is missing.
function(hd_cargo_program target subdir dir binary out)
  set(${out} "" PARENT_SCOPE)
  if(NOT HD_CARGO OR NOT HD_RUSTC)
    return()
  endif()
  foreach(crate ${ARGN})
    file(GLOB found /usr/share/cargo/registry/${crate})
    if(NOT found)
      return()
    endif()
  endforeach()
  set(home ${CMAKE_CURRENT_BINARY_DIR}/${subdir})
  set(bin ${home}/release/${binary})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${dir}/src/*.rs)
  file(GLOB extra ${dir}/build.rs)
  # cargo reads .cargo/config.toml from its working directory; its own
  # home and lock file stay in the build tree
  add_custom_command(OUTPUT ${bin}
    COMMAND ${CMAKE_COMMAND} -E env RUSTC=${HD_RUSTC}
            CARGO_HOME=${home}/home CARGO_TARGET_DIR=${home}
            ${HD_CARGO} build --release --offline --quiet
            --manifest-path ${dir}/Cargo.toml
    WORKING_DIRECTORY ${dir}
    DEPENDS ${sources} ${extra} ${dir}/Cargo.toml
    COMMENT "Building ${target} with Debian's cargo"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${bin})
  set(${out} ${bin} PARENT_SCOPE)
endfunction()
