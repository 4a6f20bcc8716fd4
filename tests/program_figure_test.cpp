// File: tests/program_figure_test.cpp
// A program's printed figure (exec --rate-from/--time-from): units read as
// the programs write them, one match a run, anything else refused by name.
#include "core/program_figure.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace membench {
namespace {

TEST(ProgramFigure, ByteRatesAreInPowersOfAThousandOrOfTwoAsSpelt) {
  const ProgramFigure perf = ParseProgramFigure(FigureKind::kRate, "([0-9.]+) GB/sec", "GB/sec");
  EXPECT_EQ(perf.work_unit, WorkUnit::kBytes);
  // perf bench divides by 1024 three times for its GB/sec.
  EXPECT_DOUBLE_EQ(ReadProgramFigure(perf, "# Copying 1GB bytes ...\n\n      3.811890 GB/sec\n"),
                   3.81189 * 1024 * 1024 * 1024);
  EXPECT_DOUBLE_EQ(ReadProgramFigure(ParseProgramFigure(FigureKind::kRate, "([0-9.]+) GB/s", "GB/s"), "2 GB/s"), 2e9);
  // Anchors hold at each line, as in grep.
  EXPECT_DOUBLE_EQ(ReadProgramFigure(ParseProgramFigure(FigureKind::kTime, "^Time: ([0-9.]+)$", "s"),
                                     "Running\nTime: 0.5\nTime: 0.7 (warm-up)\n"),
                   2.0);
  const ProgramFigure binary = ParseProgramFigure(FigureKind::kRate, "([0-9.]+) MiB/s", "MiB/s");
  EXPECT_DOUBLE_EQ(ReadProgramFigure(binary, "2 MiB/s"), 2.0 * 1024 * 1024);
  const ProgramFigure messages = ParseProgramFigure(FigureKind::kRate, "rate ([0-9]+)", "messages/s");
  EXPECT_EQ(messages.work_unit, WorkUnit::kMessages);
  EXPECT_DOUBLE_EQ(ReadProgramFigure(messages, "rate 1500"), 1500);
}

TEST(ProgramFigure, ATimeIsOneRunOverIt) {
  const ProgramFigure hackbench = ParseProgramFigure(FigureKind::kTime, "Time: ([0-9.]+)", "s");
  EXPECT_EQ(hackbench.work_unit, WorkUnit::kRuns);
  EXPECT_DOUBLE_EQ(ReadProgramFigure(hackbench, "Running in process mode with 10 groups\nTime: 0.250\n"), 4.0);
  const ProgramFigure micros = ParseProgramFigure(FigureKind::kTime, "took ([0-9]+) us", "us");
  EXPECT_DOUBLE_EQ(ReadProgramFigure(micros, "took 500 us"), 2000.0);
  // No group: the whole match is the number.
  EXPECT_DOUBLE_EQ(ReadProgramFigure(ParseProgramFigure(FigureKind::kTime, "[0-9.]+", "ms"), "x 20 y"), 50.0);
}

TEST(ProgramFigure, NoMatchTwoMatchesOrNoNumberIsAnErrorNamingThePattern) {
  const ProgramFigure figure = ParseProgramFigure(FigureKind::kTime, "Time: ([0-9.]*)", "s");
  EXPECT_THROW(ReadProgramFigure(figure, ""), Error);
  try {
    ReadProgramFigure(figure, "nothing here");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no match for the pattern 'Time: ([0-9.]*)'"), std::string::npos) << e.what();
  }
  try {
    ReadProgramFigure(figure, "Time: 1\nTime: 2\n");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("2 times"), std::string::npos) << e.what();
  }
  EXPECT_THROW(ReadProgramFigure(figure, "Time: "), Error);       // an empty group
  EXPECT_THROW(ReadProgramFigure(figure, "Time: 1.2.3"), Error);  // not one number
  EXPECT_THROW(ReadProgramFigure(figure, "Time: 0"), Error);      // a run takes time
}

TEST(ProgramFigure, BadPatternsAndUnitsAreRefusedWithWhatToGive) {
  EXPECT_THROW(ParseProgramFigure(FigureKind::kRate, "([0-9", "GB/s"), Error);
  EXPECT_THROW(ParseProgramFigure(FigureKind::kRate, "", "GB/s"), Error);
  EXPECT_THROW(ParseProgramFigure(FigureKind::kRate, "([0-9.]+)", "GB"), Error);
  EXPECT_THROW(ParseProgramFigure(FigureKind::kRate, "([0-9.]+)", "widgets/s"), Error);
  EXPECT_THROW(ParseProgramFigure(FigureKind::kTime, "([0-9.]+)", "GB/s"), Error);
  EXPECT_THROW(ParseProgramFigure(FigureKind::kTime, "([0-9.]+)", "minutes"), Error);
  EXPECT_EQ(ParseFigureKind(FigureKindName(FigureKind::kTime)), FigureKind::kTime);
  EXPECT_THROW(ParseFigureKind("rate"), Error);
}

}  // namespace
}  // namespace membench
