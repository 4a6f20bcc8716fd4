// File: core/distributions.h
// Boost.Math's distributions as membench uses them: in double precision.
// By default Boost promotes a double argument to long double inside; the
// results agree to about 1e-16, and without it a t quantile or tail takes
// a tenth of the time (0.35 against 4 us here), which the simulations of
// Compare in tests and in core/power repeat thousands of times.
#pragma once

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/policies/policy.hpp>

namespace membench {

using DoublePrecision = boost::math::policies::policy<boost::math::policies::promote_double<false>>;
using StudentsT = boost::math::students_t_distribution<double, DoublePrecision>;
using Normal = boost::math::normal_distribution<double, DoublePrecision>;

}  // namespace membench
