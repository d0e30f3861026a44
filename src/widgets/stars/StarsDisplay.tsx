/** The number of stars of a rating (SPEC §4: 0 to 4). */
const STARS = [1, 2, 3, 4] as const;
/** How many stars a rating has at most. */
export const RATING_STARS = STARS.length;

/**
 * A rating shown, not edited: four stars, `value` of them filled, read by assistive technology as
 * `label` (an image with its words: '3 of 4 stars').
 */
export function StarsDisplay({ value, label }: { value: number; label: string }) {
  return (
    <span className="stars-display" role="img" aria-label={label}>
      {STARS.map((star) => (
        <i key={star} className={`pi ${star <= value ? 'pi-star-fill' : 'pi-star'}`} aria-hidden="true" />
      ))}
    </span>
  );
}
