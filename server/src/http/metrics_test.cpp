// The metrics' text: a gauge by one label is one series per label value, the value escaped as the format wants.
#include "http/metrics.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

TEST(Metrics, AGaugeByOneLabelIsOneSeriesPerValue) {
  Metrics metrics;
  metrics.gauge("portal_x_seconds", "Age of x.", "tenant", [] {
    return Metrics::Labelled{{"aurora", 12}, {"no\"or\\", 3}};
  });
  metrics.gauge("portal_y", "Nothing yet.", "tenant", [] { return Metrics::Labelled{}; });
  const auto text = metrics.render();
  EXPECT_NE(text.find("# TYPE portal_x_seconds gauge\nportal_x_seconds{tenant=\"aurora\"} 12\n"
                      "portal_x_seconds{tenant=\"no\\\"or\\\\\"} 3\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("# TYPE portal_y gauge\n"), std::string::npos) << "declared, with no series while none has one";
}

}  // namespace
}  // namespace portal::http
