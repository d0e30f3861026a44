import { Link } from 'react-router-dom';
import type { CellProps } from '../../engine/registries';
import { routePathByName } from '../../engine/resource/definitions';
import { formPath } from '../../engine/resource/paths';

/** A user as a list row carries it (a request's `user`). */
interface RowUser {
  name?: string | null;
  company?: string | null;
  email?: string | null;
}

/** A reading sheet as a row carries it (a request's `book`). */
interface RowBook {
  id?: number;
  original_title?: string | null;
  authorList?: { name?: string | null }[] | null;
}

const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** A user's name followed by their company in brackets (`Ann Smith (Acme)`); a dash when none. */
export function UserWithCompanyCell({ value }: CellProps) {
  const user = value as RowUser | null | undefined;
  if (!filled(user?.name)) return <>-</>;
  return <>{filled(user.company) ? `${user.name} (${user.company})` : user.name}</>;
}

/** A user's e-mail address; a dash when none. */
export function UserEmailCell({ value }: CellProps) {
  const email = (value as RowUser | null | undefined)?.email;
  // A long address wraps anywhere rather than widening the table past the status select.
  return filled(email) ? <span className="cell-email">{email}</span> : <>-</>;
}

/**
 * A reading sheet as a link to its editor (route readingSheets-save): its original title and
 * authors. A click follows the link only, not the row it sits in.
 */
export function ReadingSheetLinkCell({ value }: CellProps) {
  const book = value as RowBook | null | undefined;
  if (!book?.id) return <>-</>;
  const authors = (book.authorList ?? []).map((author) => author.name).filter(filled);
  const title = filled(book.original_title) ? book.original_title : `#${book.id}`;
  return (
    <Link to={formPath(routePathByName('readingSheets-save'), book.id)} className="cell-link" onClick={(event) => event.stopPropagation()}>
      {authors.length ? `${title} (${authors.join(', ')})` : title}
    </Link>
  );
}

/** A related record shown by its `name` (`{ id, name }`: a request's type); a dash when none. */
export function RelationNameCell({ value }: CellProps) {
  const name = (value as { name?: string | null } | null | undefined)?.name;
  return <>{filled(name) ? name : '-'}</>;
}

/** Users as a comma-separated list of full names (`[{ id, fullname }]`: a reporter's users); a dash when none. */
export function FullnamesCell({ value }: CellProps) {
  const names = ((value as { fullname?: string | null }[] | null | undefined) ?? []).map((user) => user.fullname).filter(filled);
  return <>{names.length ? names.join(', ') : '-'}</>;
}
