/** Says plainly what the engine cannot compute yet, instead of showing something made up. */
export function NotYet({ what }: { what: string }) {
  return (
    <p className="not-yet" role="note">
      Not computed yet: {what}
    </p>
  );
}
