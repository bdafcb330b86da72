#include "domains/media/media_formats.hpp"

#include <gtest/gtest.h>

namespace portal::media {
namespace {

TEST(MediaFormats, AudioTakesOneFileContainersOnly) {
  EXPECT_EQ(demuxer_for(Kind::audio, "mp3"), "mp3");
  EXPECT_EQ(demuxer_for(Kind::audio, "wav"), "wav");
  EXPECT_EQ(demuxer_for(Kind::audio, "flac"), "flac");
  EXPECT_EQ(demuxer_for(Kind::audio, "mov,mp4,m4a,3gp,3g2,mj2"), "mov");  // an M4A
  EXPECT_EQ(demuxer_for(Kind::audio, "matroska,webm"), "matroska");
  EXPECT_FALSE(demuxer_for(Kind::audio, "avi"));  // a video container is no audio upload
}

TEST(MediaFormats, VideoTakesOneFileContainersOnly) {
  EXPECT_EQ(demuxer_for(Kind::video, "mov,mp4,m4a,3gp,3g2,mj2"), "mov");
  EXPECT_EQ(demuxer_for(Kind::video, "matroska,webm"), "matroska");
  EXPECT_EQ(demuxer_for(Kind::video, "mpegts"), "mpegts");
  EXPECT_EQ(demuxer_for(Kind::video, "avi"), "avi");
  EXPECT_FALSE(demuxer_for(Kind::video, "mp3"));
}

TEST(MediaFormats, NoKindTakesADemuxerThatOpensFurtherFiles) {
  for (Kind kind : {Kind::audio, Kind::video, Kind::artwork, Kind::game})
    for (std::string_view name : {"hls", "applehttp", "dash", "concat", "image2", "image2pipe", "tee", "m3u8",
                                  "sdp", "rtsp", "data", "lavfi", "ffmetadata", "tty", "", ","})
      EXPECT_FALSE(demuxer_for(kind, name)) << kind_name(kind) << ": " << name;
  EXPECT_EQ(demuxer_list(Kind::audio), "mp3,wav,flac,ogg,mov,aac,aiff,matroska");
  EXPECT_EQ(demuxer_list(Kind::video), "mov,matroska,avi,mpegts");
  EXPECT_TRUE(allowed_demuxers(Kind::artwork).empty());
  EXPECT_TRUE(allowed_demuxers(Kind::game).empty());
}

}  // namespace
}  // namespace portal::media
