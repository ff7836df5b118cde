import Testing
import TrackFormats

struct TrackFormatDetectionTests {
    @Test(arguments: [
        ("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\r\n", TrackFormat.nmea),
        ("junk\u{0}\u{1}$GNGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\n", .nmea),
        ("# a comment\n!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26\n", .nmea),
        ("{\"class\":\"VERSION\",\"release\":\"3.22\"}\n{\"class\":\"TPV\"}\n", .gpsdJSON),
        ("<?xml version=\"1.0\"?>\n<!-- c -->\n<gpx version=\"1.1\"></gpx>", .gpx),
        ("\u{FEFF}<gpx xmlns=\"http://www.topografix.com/GPX/1/0\"/>", .gpx),
        ("<g:gpx xmlns:g=\"http://www.topografix.com/GPX/1/1\"/>", .gpx),
    ])
    func detectsFromContent(text: String, expected: TrackFormat) {
        #expect(TrackFormat.detect(Array(text.utf8)) == expected)
    }

    @Test(arguments: [
        "", "   \n\n", "hello world\n", "<?xml version=\"1.0\"?><kml></kml>", "{\"a\":1}\n", "$\n$GP\n",
        "<html><body>$GPRMC,</body></html>",
    ])
    func refusesOtherContent(text: String) {
        #expect(TrackFormat.detect(Array(text.utf8)) == nil)
    }
}
