// The package ships no types; this is the one call the reply reader makes (strip-reply.ts).
declare module 'email-reply-parser' {
  export default class EmailReplyParser {
    /** The text a person wrote, without the quoted history and the signature. */
    parseReply(text: string): string;
  }
}
