/// The activity catalogue shipped with the program (issue 29 §1), so that the search finds something on a fresh
/// install and a project can be tried out before the firm imports its own price list. Its activities are common
/// roofing work with the units the trade uses; its PRICES ARE EXAMPLES, not any union's or firm's rates: the name
/// says so, and the pages and the command line mark them wherever they show them.
public enum SampleCatalogue {
    /// The catalogue's name, which says that its prices are examples.
    public static let name = "Sample catalogue (example prices)"

    /// Whether a catalogue of this name is the sample (any case): its prices are examples.
    public static func isSample(_ catalogue: String) -> Bool {
        catalogue.lowercased() == name.lowercased()
    }

    /// The sample as a catalogue, read from its CSV as an imported file is (the tests read it back).
    public static func catalogue() throws(RoofingError) -> Catalogue {
        try CatalogueCSV.decode(text: csv, name: name)
    }

    /// The sample in the catalogue CSV format (semicolons, decimal commas): positions by trade, one supplement on
    /// a section and one on the whole account.
    public static let csv = """
        pos;section;name;unit;price;base
        10.1;Nedrivning;Nedtagning af eksisterende tagpap;m²;22,00;
        10.2;Nedrivning;Nedtagning af tagsten, stablet på stillads;m²;31,50;
        10.3;Nedrivning;Bortskaffelse af affald, container;m³;185,00;
        20.1;Tagpap;Tagpap, underlag, mekanisk fastgjort;m²;52,40;
        20.2;Tagpap;Tagpap, overlag, svejset;m²;61,75;
        20.3;Tagpap;Opkant af tagpap ved mur;lbm;48,20;
        20.4;Tagpap;Reparation af tagpap, pr. lap;stk;145,00;
        30.1;Tagsten;Vingetegl, oplægning inkl. lægter;m²;118,00;
        30.2;Tagsten;Betontagsten, oplægning inkl. lægter;m²;96,50;
        30.3;Tagsten;Rygningssten, lagt i mørtel;lbm;142,00;
        30.4;Tagsten;Undertag, banevare;m²;34,20;
        30.5;Tagsten;Lægter, 38 × 73 mm;lbm;18,60;
        40.1;Inddækninger;Inddækning om skorsten, zink;stk;1.450,00;
        40.2;Inddækninger;Inddækning om ovenlysvindue;stk;980,00;
        40.3;Inddækninger;Murinddækning, zink;lbm;165,00;
        50.1;Tagrender;Tagrende, zink, halvrund;lbm;128,00;
        50.2;Tagrender;Nedløbsrør, zink, Ø 87 mm;lbm;112,00;
        50.3;Tagrender;Rendejern, monteret;stk;38,00;
        50.4;Tagrender;Skotrende, ståltag;lbm;210,00;
        90.1;Tillæg;Højdetillæg, arbejde over 12 m;%;8;section:Tagsten
        90.2;Tillæg;Vintertillæg;%;5;account
        """
}
