/** 256-bit random session tokens; only their SHA-256 is stored. */
export { newRandomToken as newSessionToken, sha256Hex as hashSessionToken } from '../../common/random-token';
