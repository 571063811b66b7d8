// Prints every (inflected form, lemma) pair of Morfologik's Polish dictionary (pl.dict in morfologik-polish.jar)
// as "form<TAB>lemma<TAB>tag" lines on standard output. Run by tools/build-dictionary.mjs (Java 11+ single-file
// source launch; classpath: morfologik-stemming, morfologik-fsa, morfologik-polish from libmorfologik-stemming-java).
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import morfologik.stemming.PolishStemmer;
import morfologik.stemming.WordData;

public class MorfologikExport {
  public static void main(String[] args) throws Exception {
    BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
    for (WordData w : new PolishStemmer()) {
      CharSequence stem = w.getStem();
      CharSequence tag = w.getTag();
      out.append(w.getWord()).append('\t').append(stem == null ? "" : stem).append('\t').append(tag == null ? "" : tag).append('\n');
    }
    out.flush();
  }
}
