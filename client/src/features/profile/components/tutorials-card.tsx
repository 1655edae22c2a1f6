import { ExternalLink } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMeta } from "@/lib/meta";

/** The playlist id of a YouTube playlist URL, or null. */
export function playlistId(url: string): string | null {
  try {
    return new URL(url).searchParams.get("list");
  } catch {
    return null;
  }
}

/**
 * 'Tutorials': the playlist embedded from the privacy-enhanced domain, with a plain link as fallback.
 * Hidden until TUTORIALS_PLAYLIST_URL names a playlist: an empty or broken player helps nobody.
 */
export function TutorialsCard() {
  const meta = useMeta();
  const url = meta.data?.tutorialsPlaylistUrl;
  const list = url ? playlistId(url) : null;
  if (!url) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tutorials</CardTitle>
        <CardDescription>Short videos on setting up your profile, your schedule and your first swap.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {list ? (
          <div className="aspect-video w-full overflow-hidden rounded-md border border-border bg-muted">
            <iframe
              className="size-full"
              src={`https://www.youtube-nocookie.com/embed/videoseries?list=${encodeURIComponent(list)}`}
              title="CrewSwap tutorials playlist"
              loading="lazy"
              allow="encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </div>
        ) : null}
        {url && (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1.5 font-semibold text-primary underline underline-offset-4"
          >
            Open on YouTube
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </CardContent>
    </Card>
  );
}
