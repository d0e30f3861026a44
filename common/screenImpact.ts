/** How many stored records a new form schema would refuse on their next save, and the first ones with why (`POST admin/screens/{name}/impact`). */
export interface ScreenImpact {
  refused: number;
  /** Records measured, and whether that was all of them (else the first `measured` of `total`, by id). */
  measured: number;
  total: number;
  sample: boolean;
  first: { id: unknown; reason: string }[];
}
