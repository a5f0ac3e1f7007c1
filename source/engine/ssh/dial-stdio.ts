import {Duplex} from 'node:stream';
import type {ClientChannel} from 'ssh2';
import {SshError} from './errors.js';

// What the remote side runs for every HTTP connection, as the docker CLI does for ssh:// hosts.
export const DIAL_STDIO = 'docker system dial-stdio';

// The HTTP connection over one `docker system dial-stdio` channel. The remote command's stderr and exit status
// turn into the error a request sees when it fails, instead of "socket hang up".
export class DialStdioSocket extends Duplex {
  private stderr = '';
  private exit: {code?: number | null; signal?: string} | undefined;
  private received = false;

  constructor(
    private readonly channel: ClientChannel,
    private readonly describe: () => string,
    // True once the ssh connection under this channel went away without berth closing it.
    private readonly lost: () => boolean,
  ) {
    // Like a TCP socket of the http client: when the remote side is done, so is ours (and 'close' follows, which
    // is what takes a dead keep-alive socket out of the Agent's pool).
    super({allowHalfOpen: false});
    channel.on('data', (chunk: Buffer) => {
      this.received = true;
      if (!this.push(chunk)) channel.pause();
    });
    channel.stderr.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 4096) this.stderr += chunk.toString('utf8');
    });
    channel.on('exit', (code: number | null, signal?: string) => {
      this.exit = {code, signal};
    });
    channel.on('error', (error: Error) => this.destroy(error));
    channel.once('close', () => this.channelClosed());
  }

  private channelClosed(): void {
    if (this.destroyed) return;
    const failed = this.exit ? this.exit.code !== 0 && this.exit.code !== undefined : !this.received;
    if (failed && (this.stderr.trim() || this.exit)) {
      const status = this.exit?.signal ? `signal ${this.exit.signal}` : `exit status ${this.exit?.code ?? '?'}`;
      this.destroy(
        new SshError(dialStdioMessage(this.describe(), this.stderr, this.exit?.code, status), 'BERTH_SSH_DIAL_STDIO'),
      );
      return;
    }
    if (!this.exit && this.lost()) {
      this.destroy(new SshError(`the ssh connection to ${this.describe()} was lost`, 'BERTH_SSH_CLOSED'));
      return;
    }
    if (!this.exit && !this.received) {
      this.destroy(
        new SshError(
          `the ssh connection to ${this.describe()} closed before "${DIAL_STDIO}" answered`,
          'BERTH_SSH_CLOSED',
        ),
      );
      return;
    }
    this.push(null);
  }

  override _read(): void {
    this.channel.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.channel.write(chunk, encoding, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.channel.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.channel.destroy();
    callback(error);
  }

  // http.ClientRequest and the Agent call these socket methods; a channel has none of them.
  setKeepAlive(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setTimeout(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

function dialStdioMessage(where: string, stderr: string, exitCode: number | null | undefined, status: string): string {
  const text = stderr.replace(/\s+/g, ' ').trim();
  const said = text ? `: ${text.length > 300 ? `${text.slice(0, 297)}...` : text}` : '';
  let hint = '';
  if (exitCode === 127 || /\bdocker: (command )?not found/i.test(text))
    hint = '; install the docker CLI on that host (berth runs "docker system dial-stdio" there as the ssh user)';
  else if (/permission denied/i.test(text)) hint = '; add the ssh user to the docker group on that host';
  else if (
    /Cannot connect to the Docker daemon|raw stream connection|dial unix|connection refused|no such file/i.test(text)
  )
    hint = '; is dockerd running on that host, and is DOCKER_HOST right for the ssh user there?';
  else if (/unknown command|is not a docker command/i.test(text))
    hint = '; the docker CLI on that host is too old for "system dial-stdio" (it needs 18.09 or later)';
  return `"${DIAL_STDIO}" failed on ${where} (${status})${said}${hint}`;
}
