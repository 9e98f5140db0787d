// tracer: dr_evt's tracer command line (cli/trace_command.h): `tracer
// history.csv -o jobs.csv -d dat.txt -s hours.txt -m summary.txt`.

#include <iostream>
#include <new>

#include "cli/stdout_check.h"
#include "cli/trace_command.h"

static int RunMain(int argc, char** argv) {
  try {
    return clustersim::RunTraceCommand(argc, argv, clustersim::TracerFrontend::kDrEvt, std::cout, std::cerr);
  } catch (const std::bad_alloc&) {
    std::cerr << "tracer: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "tracer: internal error: " << e.what() << "\n";
    return 3;
  }
}

int main(int argc, char** argv) { return clustersim::ExitAfterStdout("tracer", RunMain(argc, argv)); }
