/**
 * YouTube video links (news of type 0): http(s) on youtube.com (www, m, music), youtube-nocookie.com
 * or youtu.be, pointing at one video: `/watch?v=ID`, `/embed/ID`, `/shorts/ID`, `/live/ID`,
 * `/v/ID` or `youtu.be/ID`, where ID is YouTube's 11-character video id.
 */
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube link, or undefined when the text is not a YouTube video URL. */
function youTubeVideoId(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || url.port) return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments.length === 1 ? segments[0] : undefined;
  else if (HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(segments[0]!)) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : undefined;
}

export const isYouTubeUrl = (text: string): boolean => youTubeVideoId(text) !== undefined;
