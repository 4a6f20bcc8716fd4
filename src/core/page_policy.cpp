// File: core/page_policy.cpp
#include "core/page_policy.h"

#include "core/error.h"

namespace membench {

std::size_t HugetlbPageBytes(PagePolicy policy) {
  return policy.kind == PagePolicy::Kind::kHugetlb ? policy.page_bytes : 0;
}

std::string PagePolicyName(PagePolicy policy) {
  switch (policy.kind) {
    case PagePolicy::Kind::kDefault:
      return "default";
    case PagePolicy::Kind::k4k:
      return "4k";
    case PagePolicy::Kind::kThp:
      return "thp";
    case PagePolicy::Kind::kMthp:
      return "mthp-" + PageSizeName(policy.page_bytes);
    case PagePolicy::Kind::kHugetlb:
      return "hugetlb-" + PageSizeName(policy.page_bytes);
  }
  return "?";
}

std::string PageSizeName(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 30)) return std::to_string(bytes >> 30) + "g";
  if (bytes >= (std::size_t{1} << 20)) return std::to_string(bytes >> 20) + "m";
  return std::to_string(bytes >> 10) + "k";
}

PagePolicy ParsePagePolicy(const std::string& text) {
  if (text == "4k") return PagePolicy::k4k;
  if (text == "thp") return PagePolicy::kThp;
  if (text == "default") return PagePolicy::kDefault;
  for (const std::size_t size : kHugetlbSizes) {
    if (text == PagePolicyName({PagePolicy::Kind::kHugetlb, size})) return {PagePolicy::Kind::kHugetlb, size};
  }
  for (const std::size_t size : kMthpSizes) {
    if (text == PagePolicyName(PagePolicy::Mthp(size))) return PagePolicy::Mthp(size);
  }
  throw Error("unknown page policy '" + text + "'");
}

PagePolicy PagePolicyOf(const Point& point) {
  const ParamValue* pages = point.Find(kPagesParam);
  return pages == nullptr ? PagePolicy::kDefault : ParsePagePolicy(pages->text);
}

}  // namespace membench
