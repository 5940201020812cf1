// bench/boxfilter: one implementation of a box filter, timed.
//
//   bench W H R u8|f32 IMPL THREADS REPS
//
// IMPL is weft_kernel (libweft's box filter), opencv (cv::blur,
// BORDER_REPLICATE), weft_naive (naive.c as weft-translate wrote it) or copy
// (a memcpy of the image, one thread). Checks first that the output is
// cv::blur's (uint8 bit for bit; float within 1e-4 of the image's range,
// since the sums run in another order), then prints the median seconds of
// REPS calls on THREADS threads as JSON. One implementation per process:
// OpenCV's and libweft's idle threads would spin against each other's.
// run.py interleaves the processes.
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

extern "C" {
#include "weft.h"
void naive_box_u8(const uint8_t *src, uint8_t *dst, int w, int h, int r);
void naive_box_f32(const float *src, float *dst, int w, int h, int r);
}

namespace {
double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

template <class T> double compare(const cv::Mat &a, const cv::Mat &b) {
  double worst = 0;
  for (int y = 0; y < a.rows; y++)
    for (int x = 0; x < a.cols; x++)
      worst = std::max(worst, std::fabs((double)a.at<T>(y, x) -
                                        (double)b.at<T>(y, x)));
  return worst;
}
} // namespace

int main(int argc, char **argv) {
  if (argc != 8) {
    std::fprintf(stderr, "usage: bench W H R u8|f32 IMPL THREADS REPS\n");
    return 2;
  }
  int w = std::atoi(argv[1]), h = std::atoi(argv[2]), r = std::atoi(argv[3]);
  bool u8 = std::string(argv[4]) == "u8";
  std::string name = argv[5];
  int threads = std::atoi(argv[6]), reps = std::atoi(argv[7]);

  int type = u8 ? CV_8UC1 : CV_32FC1;
  cv::Mat src(h, w, type), ref(h, w, type), out(h, w, type);
  cv::RNG rng(42);
  if (u8)
    rng.fill(src, cv::RNG::UNIFORM, 0, 256);
  else
    rng.fill(src, cv::RNG::UNIFORM, 0.0, 255.0);
  cv::Size k(2 * r + 1, 2 * r + 1);
  cv::setNumThreads(1); // the reference starts no thread of OpenCV's
  cv::blur(src, ref, k, cv::Point(-1, -1), cv::BORDER_REPLICATE);

  int impl = -1;
  std::function<void()> run;
  if (name == "weft_kernel") {
    weft_set_num_threads(threads);
    run = [&] {
      impl = u8 ? weft_box_filter_u8(src.ptr<uint8_t>(), src.step1(),
                                     out.ptr<uint8_t>(), out.step1(), w, h, r)
                : weft_box_filter_f32(src.ptr<float>(), src.step1(),
                                      out.ptr<float>(), out.step1(), w, h, r);
    };
  } else if (name == "weft_naive") {
    weft_set_num_threads(threads);
    run = [&] {
      if (u8)
        naive_box_u8(src.ptr<uint8_t>(), out.ptr<uint8_t>(), w, h, r);
      else
        naive_box_f32(src.ptr<float>(), out.ptr<float>(), w, h, r);
    };
  } else if (name == "opencv") {
    cv::setNumThreads(threads);
    run = [&] {
      cv::blur(src, out, k, cv::Point(-1, -1), cv::BORDER_REPLICATE);
    };
  } else if (name == "copy") {
    run = [&] { std::memcpy(out.data, src.data, src.total() * src.elemSize()); };
  } else {
    std::fprintf(stderr, "bench: unknown implementation '%s'\n", name.c_str());
    return 2;
  }
  run(); // the output, and a warm-up
  double diff = name == "copy" ? 0
                : u8          ? compare<uint8_t>(out, ref)
                              : compare<float>(out, ref);
  if (diff > (u8 ? 0 : 1e-4 * 255)) {
    std::fprintf(stderr, "bench: %s differs from cv::blur by %g\n",
                 name.c_str(), diff);
    return 1;
  }
  std::vector<double> times;
  for (int i = 0; i < reps; i++) {
    double t0 = now();
    run();
    times.push_back(now() - t0);
  }
  std::sort(times.begin(), times.end());
  std::printf("{\"impl\": \"%s\", \"threads\": %d, \"seconds\": %.9g, "
              "\"max_diff\": %g, \"kernel\": \"%s\"}\n",
              name.c_str(), threads, times[times.size() / 2], diff,
              impl >= 0 ? weft_box_impl_name(impl) : "");
  return 0;
}
