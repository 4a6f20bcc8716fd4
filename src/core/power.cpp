// File: core/power.cpp
#include "core/power.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace membench {

double MinimumDetectableChangePct(double cv_pct, int runs_per_side, double alpha, double power) {
  const boost::math::students_t t(2.0 * runs_per_side - 2);
  const double t_alpha = boost::math::quantile(t, 1 - alpha / 2);
  const double t_power = boost::math::quantile(t, power);
  return (t_alpha + t_power) * cv_pct * std::sqrt(2.0 / runs_per_side);
}

}  // namespace membench
