// Catch2's main(), kept in its own translation unit so it is compiled once (it is slow).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
