import {describe, expect, test} from 'vitest';
import {Controller} from '../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';
import {unitConfig} from '../../helpers/app-state.js';

// `:` commands check their words before anything is sent to the engine, and say in one line what is wrong and
// what to give instead.
function command(line: string, view = 'containers'): {text?: string; kind?: string} {
  const c = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS);
  c.dispatch({type: 'view.show', view});
  c.dispatch({type: 'command.open'});
  c.dispatch({type: 'overlay.draft', draft: line});
  c.dispatch({type: 'overlay.submit'});
  const {status} = c.store.get();
  return {text: status?.text, kind: status?.kind};
}

describe(':kill -s', () => {
  test('a number past 64 or an unknown name is refused, saying which signals are valid', () => {
    for (const given of ['999', 'FOO']) {
      const {text, kind} = command(`:kill -s ${given} web`);
      expect(kind).toBe('error');
      expect(text).toContain(`"${given}" is not a signal: give a number 1–64 or a name as kill -l lists them`);
    }
    expect(command(':kill -s').text).toContain('-s needs a signal: give a number 1–64');
  });
});

describe('a flag where a name or a path is expected is refused before anything is sent', () => {
  test.each([
    [
      ':rmi -f x',
      ':rmi: "-f" is an option, not an image: :rmi takes none; give the images (f in its dialog forces the removal)',
    ],
    [
      ':save -o F img',
      ':save: "-o" is an option, not an image or a file: :save takes none; give the images, then the file to write',
    ],
    [':load -i F', `:load: "-i" is an option, not a file: :load takes none; give the archive's path`],
    [':load a b', ':load: give one archive, not 2 words ("a" "b"); quote a path with spaces'],
    [
      ':export -o F web',
      ':export: "-o" is an option, not a container or a file: :export takes none; give the container, then the file to write',
    ],
    [
      ':run -d busybox',
      ':run: "-d" is an option, not an image: :run takes only --rm before the image (:create takes -t and -e)',
    ],
  ])('%s', (line, said) => {
    const {text, kind} = command(line, 'images');
    expect(kind).toBe('error');
    expect(text?.startsWith(`${said}; usage :`)).toBe(true);
  });
});
